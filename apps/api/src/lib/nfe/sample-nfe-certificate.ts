/**
 * The sample signing key and self-signed certificate of the notes sample-nfe.ts builds: not secret, not
 * ICP-Brasil, used by tests, the browser journey, the benchmark and the demo only. Generated once with
 *
 *   openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem -days 7300 -sha256 \
 *     -subj "/C=BR/O=BackOffice testes/OU=Certificado de teste, nao ICP-Brasil/CN=DISTRIBUIDORA MODELO DE CELULARES LTDA:11222333000181"
 *
 * (2048-bit RSA, valid 20 years from 2026-11-26). The CNPJ after the ':' of the common name is the default
 * test issuer's (test-nfe.ts), as an e-CNPJ carries its holder's.
 */

import type { XmlSigner } from './xml-signature';

/** The CNPJ the certificate names (the default issuer of test notes, test-nfe.ts). */
export const SAMPLE_NFE_CERTIFICATE_CNPJ = '11222333000181';

export const SAMPLE_NFE_PRIVATE_KEY = `
-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCkF7ScaS1uQx5r
j8RiMZy5vQcFpO0S+6AjSdLqlOWdfVGI4T2l/y+uUk4iDk8W1+5NRBsYU/nUrcgP
0/RHdqgqPmTlw7727ibwV3CXNo64h7f5lEqDQLcuZFOBBS7KckVvp2VdAuoWRKFK
KUvFl9pev6/1zvOBxTST1PXNSlVU3vXcIqMH2ECj9cXnKFwwD2W939i4HYx9y2Z1
Y3unaHlTt4WPQSEQyHvE+H4FEeEHVTrqyz74dZ+QOIsmd8BKidtUTH7Sff6VpReA
2tQpG4N40QjSA2yIE5AH49dSRiodghlDgn++dgZLOYRxE9WrdMqQ91xBJDeX+AnX
HfX4i645AgMBAAECggEAAWy3Q7hiDZgFlpd79AJMQwySGAlziXuny0ajzyeVysVA
xPh3qY5Koq/SP9dx9lfPmNojhhWMkL0lhIWplElCcoNyKtCFQu2UZvfLYXS2zoFX
JpKUBwmzzXJPi0o5Osa9NZf1eFZDJAhagiNTphaIbdQqOe8fDBxjNXle3PZtQTxe
wt6sHoeg+XqVrgQhQORj1sLPecuQ2dzx6MqjFEyL49U6rcXCUp4u134OiVQ2RZpN
6RNawW9+fmmI9esfCLsJ5WCna60QSEgu1bcS9q1q/GPoFS0nwq07OWdc/qH3WUJc
LqksBvtydLXkgeePi/h3CkzmG0HujLimTS0+YvECxQKBgQDbbTW38XkB/JVPD740
dshBWRxWtO0C+RqpkiZSvJ6vWfx0FFxBGjDAxDJjXjb8VbgMIUWAyqk1FpMRHsx6
1FlEYCPMpIcJkFnnhe+un6++D8I2GeIynDpM8OZmd9OYyYWEdp8VysB0v/kD8HCj
xXcFNpMyWHyNavOpKJoSkoOh6wKBgQC/cW4MSjms1XdWoJxsjOWh2eYLacA35Cnd
2YuArcTBQam9y65khImTjoqz5fS3yTM49tgnGlcFSX4qpDOdtgtqOaXcxdEu52Ph
SpgOs/2xs1d+/48IgaxQwFexpHnGUPfiLQKZH5ZT1cfT09cugo4wFntgRx6HPR/P
41wK6FPDawKBgDZTqbMrJAyr3sO+YBdZOWeEipGlJfFQf5twRfDCJn+/xdNvnw+3
Tk7LxLX5g5+iEXlfW3fxtUchmbPpbjMTFC7rprFqIszpYnkCHj+b5cUm3azLZ8ek
CoM2ObUxAcCYVGhhfi3FDzVYumyRQTIrF7bAtl0Gr3/L9Rvyo4Lpp5GVAoGAQfEi
RN10TFIjDxW3i7RkjIFvudKtQRM4UJBUevhf42lovFViNoFomgjpQdodlwiYujBc
d+ucudd8u9dfaB2ChQ5iUU9aJFvTjZCSG85nvkPWCYqhi/6OiioWirvqriLJn4B9
epzkvO/QKui3H/AcZff4e0tD+rVVNdhMpf0sjQ0CgYEAoAjKKGJ6yGCpUoHQUcXl
xsPeZhNf4iWSlfgjx6EjqnPu/wf0nRv0QWgvfkXeqKOO+KCFlRAhr4oN4QGG73tk
PmTH3liEe8OPValOoSCdh9IKbIYyF+cQErNrgUBLeb0EJgKHD3xvQULHn2HKQzjX
WCVdOSNKiJIysBOFh0yZMQw=
-----END PRIVATE KEY-----
`;

export const SAMPLE_NFE_CERTIFICATE = `
-----BEGIN CERTIFICATE-----
MIIEEzCCAvugAwIBAgIUcIQ35hFZ7mmyz/YFpePJoQOCp8EwDQYJKoZIhvcNAQEL
BQAwgZgxCzAJBgNVBAYTAkJSMRowGAYDVQQKDBFCYWNrT2ZmaWNlIHRlc3RlczEt
MCsGA1UECwwkQ2VydGlmaWNhZG8gZGUgdGVzdGUsIG5hbyBJQ1AtQnJhc2lsMT4w
PAYDVQQDDDVESVNUUklCVUlET1JBIE1PREVMTyBERSBDRUxVTEFSRVMgTFREQTox
MTIyMjMzMzAwMDE4MTAeFw0yNjExMjYwNjA2MjlaFw00NjExMjEwNjA2MjlaMIGY
MQswCQYDVQQGEwJCUjEaMBgGA1UECgwRQmFja09mZmljZSB0ZXN0ZXMxLTArBgNV
BAsMJENlcnRpZmljYWRvIGRlIHRlc3RlLCBuYW8gSUNQLUJyYXNpbDE+MDwGA1UE
Aww1RElTVFJJQlVJRE9SQSBNT0RFTE8gREUgQ0VMVUxBUkVTIExUREE6MTEyMjIz
MzMwMDAxODEwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQCkF7ScaS1u
Qx5rj8RiMZy5vQcFpO0S+6AjSdLqlOWdfVGI4T2l/y+uUk4iDk8W1+5NRBsYU/nU
rcgP0/RHdqgqPmTlw7727ibwV3CXNo64h7f5lEqDQLcuZFOBBS7KckVvp2VdAuoW
RKFKKUvFl9pev6/1zvOBxTST1PXNSlVU3vXcIqMH2ECj9cXnKFwwD2W939i4HYx9
y2Z1Y3unaHlTt4WPQSEQyHvE+H4FEeEHVTrqyz74dZ+QOIsmd8BKidtUTH7Sff6V
pReA2tQpG4N40QjSA2yIE5AH49dSRiodghlDgn++dgZLOYRxE9WrdMqQ91xBJDeX
+AnXHfX4i645AgMBAAGjUzBRMB0GA1UdDgQWBBTgyk8WsqdOsFCSxK4HvLECEzZI
SjAfBgNVHSMEGDAWgBTgyk8WsqdOsFCSxK4HvLECEzZISjAPBgNVHRMBAf8EBTAD
AQH/MA0GCSqGSIb3DQEBCwUAA4IBAQBvAQWTiusOCSd/UFPtNCUGzRMt7a73d3ta
GbpFiV/Hpo+EQAwhWdAPrGaRCmYgnp/rlCvHjjxMo1vNjS/l+5J3mTMr/GbawczA
5/wPIUUsldu0pJCtFNdgB0RjEJEPok3HEojEJStfCXRxTtVP3P4wYK1UILppRI+N
0b3/EMTCvVpN/G6cQCg6MUBpJyYLtFlzd1P8KvxpH3CWOAGI6+00qCrG3fcAbAbe
erQIsVXk2Z+GUDIei3T93HHCizQ3SIWhdX2keW96UIoLc63+3PAQfKSUoaB6RN9F
CJUTTXezrS60YiVsz9RqEpG2gfOYIDI+J+inD1PYy+WODEJaa/ok
-----END CERTIFICATE-----
`;

/** The key and certificate as xml-signature.ts signs with them (KeyInfo's certificate: the DER in base64). */
export const SAMPLE_NFE_SIGNER: XmlSigner = {
  keyPem: SAMPLE_NFE_PRIVATE_KEY,
  certificateBase64: SAMPLE_NFE_CERTIFICATE.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''),
};
