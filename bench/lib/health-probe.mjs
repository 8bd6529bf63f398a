// Child process of bench/health-under-load: asks GET <url>/api/health every 20 ms (a new request even when
// earlier ones have not answered, as independent users would) for <seconds>, then prints the latencies as JSON.
// A separate process, so its own timers are never delayed by the server it measures.
const [url, seconds] = process.argv.slice(2);
const latencies = [];
let failures = 0;
const inFlight = new Set();
const end = Date.now() + Number(seconds) * 1000;
while (Date.now() < end) {
  const started = performance.now();
  const request = fetch(`${url}/api/health`, { signal: AbortSignal.timeout(60_000) })
    .then(async (response) => {
      await response.arrayBuffer();
      if (response.status === 200) latencies.push(performance.now() - started);
      else failures++;
    })
    .catch(() => failures++)
    .finally(() => inFlight.delete(request));
  inFlight.add(request);
  await new Promise((resolve) => setTimeout(resolve, 20));
}
await Promise.all(inFlight);
latencies.sort((a, b) => a - b);
const at = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
process.stdout.write(
  JSON.stringify({ count: latencies.length, failures, p50: at(50), p99: at(99), max: latencies.at(-1) ?? 0 }),
);
