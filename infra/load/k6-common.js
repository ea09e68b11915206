/* global __ENV, open */
// Shared by the three k6 journeys of `npm run bench` (driven by bench.mjs, which starts the stack and
// writes the data file). One k6 run per journey: each load step is its own constant-arrival-rate
// scenario (k6 tags every sample with the scenario's name), so the summary holds one set of figures a
// step, while the virtual users, and the customers they have signed in as, carry over from step to step.
import http from 'k6/http';
import exec from 'k6/execution';
import { sleep } from 'k6';
import { Counter } from 'k6/metrics';

export const data = JSON.parse(open(__ENV.BENCH_DATA));
export const gateway = data.gatewayUrl;
export const api = `${gateway}/api/v1`;

/** Answers that are not errors (a 409 "no room" is a business answer, counted apart). */
const conflicts = new Counter('conflicts');
/** Non-2xx answers other than expected business answers, and transport errors (status 0). */
const errors = new Counter('errors');
/** Requests cut off by k6 at the end of a step's grace period (not counted as errors). */
const interrupted = new Counter('interrupted');
let errorsShown = 0;
/** A request that takes longer than this is a (transport) error; the gateway's upstream timeout is 10 s. */
const REQUEST_TIMEOUT = '30s';

/**
 * The load steps: BENCH_STEPS (iterations a minute, comma-separated), BENCH_STEP_SECONDS long each,
 * BENCH_GAP_SECONDS apart so that the iterations begun in one step end before the next one starts.
 */
function stepPlan() {
  const perMinute = __ENV.BENCH_STEPS.split(',').map(Number);
  const seconds = Number(__ENV.BENCH_STEP_SECONDS);
  const gap = Number(__ENV.BENCH_GAP_SECONDS);
  const iterationSeconds = Number(__ENV.BENCH_ITERATION_SECONDS);
  const maxVUs = Number(__ENV.BENCH_MAX_VUS);
  return perMinute.map((rate, index) => {
    const needed = Math.ceil((rate / 60) * iterationSeconds * 1.3) + 2;
    return {
      name: `step${index + 1}`,
      scenario: {
        executor: 'constant-arrival-rate',
        rate,
        timeUnit: '1m',
        duration: `${seconds}s`,
        startTime: `${index * (seconds + gap)}s`,
        gracefulStop: `${gap}s`,
        preAllocatedVUs: Math.min(needed, maxVUs),
        maxVUs,
      },
    };
  });
}

/** k6 options: one scenario a step, and a (never failing) threshold on every per-step figure we read. */
export function stepOptions() {
  const steps = stepPlan();
  const thresholds = {};
  for (const { name } of steps) {
    thresholds[`http_req_duration{scenario:${name},flow:journey}`] = ['p(99)>=0'];
    thresholds[`http_req_duration{scenario:${name},flow:signin}`] = ['p(99)>=0'];
    thresholds[`http_req_duration{scenario:${name},flow:provider}`] = ['p(99)>=0'];
    thresholds[`http_reqs{scenario:${name}}`] = ['count>=0'];
    thresholds[`http_reqs{scenario:${name},flow:journey}`] = ['count>=0'];
    thresholds[`http_req_failed{scenario:${name}}`] = ['rate>=0'];
    thresholds[`iterations{scenario:${name}}`] = ['count>=0'];
    thresholds[`dropped_iterations{scenario:${name}}`] = ['count>=0'];
    thresholds[`conflicts{scenario:${name}}`] = ['count>=0'];
    thresholds[`errors{scenario:${name}}`] = ['count>=0'];
    thresholds[`interrupted{scenario:${name}}`] = ['count>=0'];
  }
  return {
    scenarios: Object.fromEntries(steps.map(({ name, scenario }) => [name, scenario])),
    thresholds,
    summaryTrendStats: ['min', 'avg', 'med', 'p(95)', 'p(99)', 'max'],
    setupTimeout: '120s',
  };
}

/** A pause between two pages: reading, choosing, typing (uniform between min and max seconds). */
export function think(
  min = Number(__ENV.BENCH_THINK_MIN ?? 0.3),
  max = Number(__ENV.BENCH_THINK_MAX ?? 1.2),
) {
  sleep(min + Math.random() * (max - min));
}

/**
 * Records an answer: anything but `expected` (and 409 where allowed) is an error, shown the first few
 * times so a broken journey is visible.
 */
export function record(response, expected, allowConflict = false) {
  // A request k6 itself cut short when a step's grace period ended is not the platform's failure.
  if (response.status === 0 && exec.scenario.progress >= 1) {
    interrupted.add(1);
    return 'interrupted';
  }
  if (response.status === 409 && allowConflict) {
    conflicts.add(1);
    return 'conflict';
  }
  const wanted = Array.isArray(expected) ? expected : [expected];
  if (wanted.includes(response.status)) return 'ok';
  errors.add(1);
  if (errorsShown++ < 5)
    console.warn(
      `[${exec.scenario.name}] ${response.request.method} ${response.url} answered ${response.status} ${response.error || ''}: ${String(response.body).slice(0, 200)}`,
    );
  return 'error';
}

/** Request parameters: the route template as the metric name, the flow (journey, signin, provider). */
export function params(name, { token, flow = 'journey', json = false } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (json) headers['content-type'] = 'application/json';
  return {
    headers,
    timeout: REQUEST_TIMEOUT,
    tags: { name, flow },
    // 409 is a business answer where a journey allows it; record() decides what counts as an error.
    responseCallback: http.expectedStatuses({ min: 200, max: 299 }, 409),
  };
}

export function body(response) {
  try {
    return response.json();
  } catch {
    return undefined;
  }
}

/** Tells bench.mjs that setup() is over and the steps' clock starts now. */
export function announceStart() {
  if (!data.controlUrl) return;
  http.post(`${data.controlUrl}/started`, '', { tags: { flow: 'control' }, timeout: '5s' });
}

/** The catalogue as the app reads it, fetched once by setup(): ids come from these answers. */
export function fetchCatalogue() {
  const get = (path) => {
    const response = http.get(`${api}${path}`, { tags: { flow: 'setup' } });
    if (response.status !== 200) throw new Error(`setup: GET ${path} answered ${response.status}`);
    return response.json();
  };
  const products = get('/products');
  const services = get('/admin/services').filter((service) => service.isActive);
  return {
    products: Array.isArray(products) ? products : products.items,
    services,
    productCategories: get('/product-categories'),
    subcategories: get('/subcategories'),
    rooms: get('/admin/rooms'),
  };
}

/** The customer this virtual user plays, signed in once (argon2 is paid once a customer, not a request). */
const session = { token: undefined, user: undefined };
export function signedIn(accounts) {
  if (session.token) return session;
  const account = accounts[(exec.vu.idInTest - 1) % accounts.length];
  const response = http.post(
    `${api}/auth/login`,
    JSON.stringify({ email: account.email, password: account.password }),
    params('POST /auth/login', { flow: 'signin', json: true }),
  );
  if (record(response, 200) !== 'ok') return undefined;
  const answer = body(response);
  session.token = answer.data.token;
  session.user = answer.data.user;
  return session;
}

export const pick = (list) => list[Math.floor(Math.random() * list.length)];

export function summaryTo(path) {
  return (summary) => ({ [path]: JSON.stringify(summary) });
}
