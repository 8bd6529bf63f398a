/*
 * The sign-in form without React nor MUI (decision 0025): the page a phone opens first (login.html) is this
 * file, its stylesheet and the session store, a few kilobytes; the app mounts the same form where a signed-out
 * user meets a protected page (`SignIn`, sign-in.tsx). The rules are the contract's (`emailProblem`,
 * `normalizeEmail`, AUTH_TEXTS) and the texts the feature's (LOGIN_TEXTS).
 */
import { emailProblem, normalizeEmail } from '@backoffice/contract';
import { CONNECTION_LOST_TEXT, envelopeErrors } from '../../../lib/api-envelope';
import { type Session, saveSession } from '../../../lib/session-store';
import { LOGIN_TEXTS, RECOVERY_PATH } from '../texts';
import './sign-in-form.css';

/** MUI's Storefront icon (the one the recovery card shows), drawn without React. */
const STOREFRONT_PATH =
  'm21.9 8.89-1.05-4.37c-.22-.9-1-1.52-1.91-1.52H5.05c-.9 0-1.69.63-1.9 1.52L2.1 8.89c-.24 1.02-.02 2.06.62 2.88.08.11.19.19.28.29V19c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2v-6.94c.09-.09.2-.18.28-.28.64-.82.87-1.87.62-2.89m-2.99-3.9 1.05 4.37c.1.42.01.84-.25 1.17-.14.18-.44.47-.94.47-.61 0-1.14-.49-1.21-1.14L16.98 5zM13 5h1.96l.54 4.52c.05.39-.07.78-.33 1.07-.22.26-.54.41-.95.41-.67 0-1.22-.59-1.22-1.31zM8.49 9.52 9.04 5H11v4.69c0 .72-.55 1.31-1.29 1.31-.34 0-.65-.15-.89-.41-.25-.29-.37-.68-.33-1.07m-4.45-.16L5.05 5h1.97l-.58 4.86c-.08.65-.6 1.14-1.21 1.14-.49 0-.8-.29-.93-.47-.27-.32-.36-.75-.26-1.17M5 19v-6.03c.08.01.15.03.23.03.87 0 1.66-.36 2.24-.95.6.6 1.4.95 2.31.95.87 0 1.65-.36 2.23-.93.59.57 1.39.93 2.29.93.84 0 1.64-.35 2.24-.95.58.59 1.37.95 2.24.95.08 0 .15-.02.23-.03V19z';

export interface SignInOptions {
  /** Called once the session is stored. */
  onSignedIn?: (session: Session) => void;
  /** Called when the form is sent, before the answer: fetch what comes next while the sign-in travels. */
  onSubmit?: () => void;
  /** Follows the recovery link inside the app (a plain click); without it the browser opens the page. */
  onNavigate?: (path: string) => void;
}

function field(name: string, label: string, type: string, autocomplete: string): string {
  return `<div class="si-field">
<label class="si-label" for="si-${name}">${label}</label>
<input class="si-input" id="si-${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" aria-describedby="si-${name}-help" aria-invalid="false">
<p class="si-help" id="si-${name}-help"></p>
</div>`;
}

/** The card: title, Email, Senha, 'Entrar', the answer's message, 'Esqueceu a senha?'. */
function markup(): string {
  return `<main class="si-page"><div class="si-card">
<div class="si-head"><svg class="si-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${STOREFRONT_PATH}"/></svg>
<h1 class="si-title">${LOGIN_TEXTS.title}</h1></div>
<form class="si-form" novalidate>
${field('email', LOGIN_TEXTS.email, 'email', 'username')}
${field('password', LOGIN_TEXTS.password, 'password', 'current-password')}
<p class="si-alert" role="alert" hidden></p>
<button class="si-submit" type="submit" disabled><span class="si-spinner" aria-hidden="true"></span><span>${LOGIN_TEXTS.submit}</span></button>
<a class="si-link" href="${RECOVERY_PATH}">${LOGIN_TEXTS.forgot}</a>
</form></div></main>`;
}

type Answer = { ok: true; session: Session } | { ok: false; message: string };

/** POST /accounts/signin: the stored session, or the server's first message (else the instability text). */
async function signIn(email: string, password: string): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch('/api/accounts/signin', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  } catch {
    return { ok: false, message: CONNECTION_LOST_TEXT };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) return { ok: false, message: envelopeErrors(body)[0] ?? LOGIN_TEXTS.instability };
  try {
    const data = (body as { data: { accessToken: string; expires: number; permissions: string[] } }).data;
    return { ok: true, session: saveSession(data) };
  } catch {
    return { ok: false, message: LOGIN_TEXTS.instability };
  }
}

/**
 * Draws the form into `container` and makes it work: each field says its problem once left (then as it is
 * typed), 'Entrar' is disabled while a field is wrong and spins while the answer is awaited, a refusal is
 * shown above the button and the fields keep what was typed. Returns what undoes it.
 */
export function mountSignIn(container: HTMLElement, options: SignInOptions = {}): () => void {
  container.innerHTML = markup();
  const form = container.querySelector('form') as HTMLFormElement;
  const email = form.elements.namedItem('email') as HTMLInputElement;
  const password = form.elements.namedItem('password') as HTMLInputElement;
  const button = form.querySelector('button') as HTMLButtonElement;
  const alert = form.querySelector('[role="alert"]') as HTMLElement;
  const link = form.querySelector('a') as HTMLAnchorElement;
  const touched = new Set<HTMLInputElement>();
  let sending = false;

  const problems = new Map<HTMLInputElement, () => string | null>([
    [email, () => emailProblem(email.value)],
    [password, () => (password.value === '' ? LOGIN_TEXTS.passwordRequired : null)],
  ]);

  const render = () => {
    let valid = true;
    for (const [input, problemOf] of problems) {
      const problem = problemOf();
      if (problem) valid = false;
      const shown = touched.has(input) ? problem : null;
      input.setAttribute('aria-invalid', String(shown !== null));
      input.parentElement?.classList.toggle('si-invalid', shown !== null);
      const help = input.nextElementSibling as HTMLElement;
      help.textContent = shown ?? '';
    }
    button.disabled = !valid || sending;
    button.classList.toggle('si-busy', sending);
    button.setAttribute('aria-busy', String(sending));
  };

  const onInput = () => render();
  const onBlur = (event: FocusEvent) => {
    touched.add(event.target as HTMLInputElement);
    render();
  };
  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    for (const input of problems.keys()) touched.add(input);
    render();
    if (button.disabled) return;
    sending = true;
    alert.hidden = true;
    render();
    options.onSubmit?.();
    const answer = await signIn(normalizeEmail(email.value), password.value);
    if (answer.ok) {
      // Still spinning: what comes next replaces the form.
      options.onSignedIn?.(answer.session);
      return;
    }
    sending = false;
    render();
    alert.textContent = answer.message;
    alert.hidden = false;
  };
  const onLinkClick = (event: MouseEvent) => {
    if (!options.onNavigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    options.onNavigate(RECOVERY_PATH);
  };

  // One signal removes every listener when the form is taken away.
  const listening = new AbortController();
  const { signal } = listening;
  for (const input of problems.keys()) {
    input.addEventListener('input', onInput, { signal });
    input.addEventListener('blur', onBlur, { signal });
  }
  form.addEventListener('submit', onSubmit, { signal });
  link.addEventListener('click', onLinkClick, { signal });
  email.focus();
  render();

  return () => {
    listening.abort();
    container.replaceChildren();
  };
}
