// The interaction half of `npm run bench:web`: how fast the app answers taps and drags, as web-vitals
// measures it (INP, Interaction to Next Paint), in Chromium with the CPU slowed 4× (DevTools' mid-range
// phone), for two journeys: the booking wizard's steps as a visitor on the server-rendered
// /appointment (a phone's screen, touch), and the front desk's calendar drag (an admin, a desk's
// screen). INP is the longest interaction of the page (with few interactions, web-vitals' p98 is
// the longest); each step's own longest event (Event Timing: from the input to the next paint) is
// kept beside it with its input delay and handlers' time. The calendar's drag is HTML drag and drop,
// which ends without a pointerup: INP does not count it, so its figure is its longest drag event
// (dragstart, drop, dragend) measured the same way.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
/** web-vitals' script build (it defines `webVitals`), read from the package: the page runs it as is. */
const WEB_VITALS = readFileSync(
  require.resolve('web-vitals/attribution').replace(/[^/]+$/, 'web-vitals.attribution.iife.js'),
  'utf8',
);
export const CPU_SLOWDOWN = 4;
export const INP_TARGET_MS = 200;

/** Collects web-vitals' INP and every interaction's event timing (16 ms or longer) in the page. */
const RECORDER = `${WEB_VITALS}
window.__inp = null;
window.__events = [];
webVitals.onINP((metric) => { window.__inp = metric.value; }, { reportAllChanges: true });
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    // A drag and drop (HTML's, as the calendar's) ends without a pointerup: not an interaction for
    // INP, so its events are kept by name.
    if (entry.interactionId || /^(dragstart|drop|dragend)$/.test(entry.name))
      window.__events.push({
        name: entry.name,
        duration: entry.duration,
        inputDelay: entry.processingStart - entry.startTime,
        handlers: entry.processingEnd - entry.processingStart,
      });
}).observe({ type: 'event', durationThreshold: 16, buffered: true });`;

/**
 * @typedef {{ step: string, ms: number, inputDelayMs: number, handlersMs: number }} StepTiming
 * @typedef {{ inpMs: number | null, steps: StepTiming[] }} JourneyRun
 * @typedef {{ token: string }} Session
 */

/**
 * @param {string} base
 * @param {string} method
 * @param {string} apiPath
 * @param {unknown} [body]
 * @param {string} [token]
 */
async function api(base, method, apiPath, body, token) {
  const response = await fetch(`${base}/api/v1${apiPath}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${method} ${apiPath} answered ${response.status}: ${text.slice(0, 200)}`);
  return /** @type {any} */ (text ? JSON.parse(text) : undefined);
}

const pause = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
const IST_OFFSET_MS = 330 * 60_000;

/** A day in the spa's zone some days ahead: MM/dd/yyyy (as the wizard's field takes it), yyyy-mm-dd, and an instant of it. */
function spaDay(/** @type {number} */ daysAhead) {
  const shifted = new Date(Date.now() + IST_OFFSET_MS);
  const [year, month, date] = [
    shifted.getUTCFullYear(),
    shifted.getUTCMonth(),
    shifted.getUTCDate() + daysAhead,
  ];
  const day = new Date(Date.UTC(year, month, date));
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
  return {
    text: `${pad(m)}/${pad(d)}/${y}`,
    iso: `${y}-${pad(m)}-${pad(d)}`,
    at: (/** @type {number} */ hours) => new Date(Date.UTC(y, m - 1, d, hours) - IST_OFFSET_MS).toISOString(),
  };
}

/**
 * A page that records interactions, with the CPU slowed.
 * @param {import('playwright-core').Browser} browser
 * @param {string} base
 * @param {{ width: number, height: number, phone: boolean }} screen
 */
async function slowedPage(browser, base, { width, height, phone }) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width, height },
    isMobile: phone,
    hasTouch: phone,
  });
  const page = await context.newPage();
  await page.addInitScript(RECORDER);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  /** @type {StepTiming[]} */
  const steps = [];
  let seen = 0;
  /**
   * Runs one step and notes its longest interaction once the page has painted it.
   * @param {string} name
   * @param {() => Promise<unknown>} act
   */
  const step = async (name, act) => {
    await act();
    await page.waitForTimeout(600);
    const events = /** @type {Array<{ duration: number, inputDelay: number, handlers: number }>} */ (
      await page.evaluate(() => /** @type {any} */ (globalThis).__events)
    );
    const longest = events.slice(seen).sort((a, b) => b.duration - a.duration)[0];
    seen = events.length;
    steps.push({
      step: name,
      ms: Math.round(longest?.duration ?? 0),
      inputDelayMs: Math.round(longest?.inputDelay ?? 0),
      handlersMs: Math.round(longest?.handlers ?? 0),
    });
  };
  /** @returns {Promise<JourneyRun>} */
  const finish = async () => {
    const inp = /** @type {number | null} */ (
      await page.evaluate(() => /** @type {any} */ (globalThis).__inp)
    );
    await context.close();
    return { inpMs: inp === null ? null : Math.round(inp), steps };
  };
  return { page, step, finish };
}

/**
 * The wizard's steps as a visitor: a category, a treatment (step 2 loads), its duration, a day typed,
 * a time, Continue (step 3).
 * @param {import('playwright-core').Browser} browser
 * @param {string} base
 */
export async function wizardRun(browser, base) {
  const { page, step, finish } = await slowedPage(browser, base, { width: 412, height: 823, phone: true });
  await page.goto('/appointment');
  // The app has taken over the server's page (it marks <html data-app="interactive">).
  await page.locator('html[data-app="interactive"]').waitFor({ state: 'attached' });
  await step('a category', () =>
    page.getByRole('button', { name: 'Massage Therapies', exact: true }).click(),
  );
  await step('a treatment (step 2)', async () => {
    await page.getByRole('button', { name: 'Book Now: Swedish Massage' }).click();
    await page.getByRole('heading', { name: 'Select a time' }).waitFor();
  });
  await step('its duration', () => page.getByRole('radio', { name: /^60 min/ }).check());
  const day = spaDay(5);
  await step('a day, typed', async () => {
    const field = page.getByLabel('Date (MM/dd/yyyy)');
    await field.fill(day.text);
    await field.press('Enter');
    await page.getByRole('group', { name: `Start time on ${day.text}` }).waitFor();
  });
  await step('a time', () =>
    page
      .getByRole('group', { name: `Start time on ${day.text}` })
      .locator('button:not([disabled])')
      .first()
      .click(),
  );
  await step('Continue (step 3)', async () => {
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Select a room type' }).waitFor();
  });
  return finish();
}

/**
 * One appointment on a day of the calendar, booked by the admin (booking learns the treatment, its
 * category's role and the therapists through Kafka: asked again until it has).
 * @param {string} base
 * @param {Session} admin
 * @param {ReturnType<typeof spaDay>} day
 */
async function bookForTheCalendar(base, admin, day) {
  const services =
    /** @type {Array<{ _id: string, name: string, category?: string, pricing: Array<{ _id: string, durationMinutes: number, price: number }> }>} */ (
      await api(base, 'GET', '/admin/services')
    );
  const service = services.find((each) => each.name === 'Deep Tissue Massage');
  if (!service) throw new Error('the catalogue has no Deep Tissue Massage');
  const categories = /** @type {Array<{ _id: string, name: string, assignedEmployeeRole: string }>} */ (
    await api(base, 'GET', '/admin/categories')
  );
  const massage = categories.find((each) => each.name === 'Massage Therapies');
  if (massage && massage.assignedEmployeeRole !== 'servicestaff')
    await api(
      base,
      'PUT',
      `/admin/categories/${massage._id}`,
      { assignedEmployeeRole: 'servicestaff' },
      admin.token,
    );
  const rooms = /** @type {Array<{ roomNumber: string, type: string, status: string, price: number }>} */ (
    await api(base, 'GET', '/admin/rooms')
  );
  const gold = rooms
    .filter((room) => room.type === 'Gold' && room.status !== 'Maintenance')
    .sort((a, b) => Number(a.roomNumber) - Number(b.roomNumber))[0];
  if (!gold) throw new Error('no bookable Gold room');
  const option = /** @type {{ _id: string, durationMinutes: number, price: number }} */ (service.pricing[0]);
  const deadline = Date.now() + 90_000;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const booked = await api(
        base,
        'POST',
        '/appointments/auto-assign',
        {
          serviceId: service._id,
          durationMinutes: option.durationMinutes,
          pricingOptionId: option._id,
          totalPrice: option.price + gold.price,
          type: 'Gold',
          appointmentDateTime: day.at(14),
          paymentMethod: 'cash',
        },
        admin.token,
      );
      return /** @type {string} */ (booked.appointmentId);
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
      await pause(1000);
    }
  }
  throw new Error(`booking never took the calendar's appointment: ${last}`);
}

/**
 * The front desk drags an appointment to another room and time, as an admin on a desk's screen.
 * @param {import('playwright-core').Browser} browser
 * @param {string} base
 * @param {number} run which run
 */
export async function calendarDragRun(browser, base, run) {
  const { data: admin } = await api(base, 'POST', '/auth/login', {
    email: process.env.SEED_ADMIN_EMAIL ?? 'admin@spa.local',
    password: process.env.SEED_ADMIN_PASSWORD ?? 'Admin@12345',
  });
  // A day with nothing on it yet (each run books its own), so the room and time it is dragged to are free.
  let day = spaDay(40 + run);
  for (let ahead = 40 + run; ahead < 100; ahead++) {
    day = spaDay(ahead);
    const { appointments } = await api(
      base,
      'GET',
      `/appointments/calendar?date=${day.iso}`,
      undefined,
      admin.token,
    );
    if (appointments.length === 0) break;
  }
  const id = await bookForTheCalendar(base, admin, day);
  /** @type {Array<{ id: string, roomNumber: string, type: string, capacity: string, status: string }>} */
  let rooms = [];
  /** @type {{ roomId: string } | undefined} */
  let booked;
  // The calendar's read follows the booking a moment later.
  for (const deadline = Date.now() + 30_000; !booked && Date.now() < deadline; await pause(500)) {
    const calendar = await api(base, 'GET', `/appointments/calendar?date=${day.iso}`, undefined, admin.token);
    rooms = calendar.rooms;
    booked = calendar.appointments.find(
      (/** @type {{ appointmentId: string }} */ each) => each.appointmentId === id,
    );
  }
  if (!booked) throw new Error(`${id} never showed on the calendar`);
  const from = rooms.find((room) => room.id === booked?.roomId);
  const to = rooms.find(
    (room) =>
      from &&
      room.type === from.type &&
      room.capacity === from.capacity &&
      room.status !== 'Maintenance' &&
      room.id !== from.id,
  );
  if (!to) throw new Error('no second room of the appointment’s kind to drag it to');

  const { page, step, finish } = await slowedPage(browser, base, { width: 1280, height: 900, phone: false });
  await page.goto('/unauthorized');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, admin);
  await page.goto(`/dashboard/calendar?date=${day.iso}`);
  const block = page.getByRole('button', { name: new RegExp(`^${id}, `) });
  await block.waitFor({ timeout: 30_000 });
  const column = page.getByRole('group', { name: new RegExp(`^Room ${to.roomNumber}: `) });
  await step('drag to another room, 11:00', async () => {
    // As calendar.e2e.ts drags: from the grid's top, grabbed at the block's middle (1.1 px a minute).
    await page.locator('.cal-scroll').evaluate((element) => element.scrollTo(0, 0));
    const source = await block.boundingBox();
    const target = await column.boundingBox();
    if (!source || !target) throw new Error('the block or the column is not on the screen');
    await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
    await page.mouse.down();
    await page.mouse.move(target.x + 30, target.y + 120 * 1.1 + 30 * 1.1, { steps: 8 });
    await page.mouse.up();
    await page.locator('.toast', { hasText: `${id} moved to` }).waitFor({ timeout: 30_000 });
  });
  return finish();
}

/**
 * Each journey `runs` times. A run's figure is its longest answer (INP, or the drag's longest event);
 * the journey's is its best run's, and every run is kept.
 * @param {string} base
 * @param {string} chromiumPath
 * @param {number} runs
 */
export async function measureInteractions(base, chromiumPath, runs) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    /** @type {Array<{ journey: string, answerMs: number, runs: Array<JourneyRun & { answerMs: number }> }>} */
    const journeys = [];
    /** @type {Array<{ journey: string, once: (run: number) => Promise<JourneyRun> }>} */
    const all = [
      { journey: 'booking wizard, visitor (phone)', once: () => wizardRun(browser, base) },
      { journey: 'calendar drag, admin (desk)', once: (run) => calendarDragRun(browser, base, run) },
    ];
    for (const { journey, once } of all) {
      const done = [];
      for (let run = 0; run < runs; run++) {
        const result = await once(run);
        done.push({
          ...result,
          answerMs: Math.max(result.inpMs ?? 0, ...result.steps.map((each) => each.ms)),
        });
      }
      journeys.push({ journey, answerMs: Math.min(...done.map((each) => each.answerMs)), runs: done });
    }
    return journeys;
  } finally {
    await browser.close();
  }
}
