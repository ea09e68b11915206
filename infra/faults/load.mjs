// A light but real load for the fault experiments: customers booking treatments (cash and online, the
// online ones paid at the Razorpay sandbox and verified) and checking out (cash on delivery and online),
// staff issuing bills, all through the gateway with fetch. It keeps a ledger of everything the platform
// ACCEPTED (a 201 booking, a placed order, a verified payment, a created bill) and counts the requests
// whose outcome is unknown (the connection broke or an upstream 5xx: the write may or may not have
// committed), which bounds how many rows beyond the ledger a domain table may hold.

const REQUEST_TIMEOUT_MS = 8_000;
// Not a guessable password: identity refuses those at registration (zxcvbn-ts's lists).
const PASSWORD = 'Faults-Kettle-Monsoon-42';
const SANDBOX_KEY_ID = 'rzp_test_sandbox';

/**
 * Which ledger an accepted write goes in.
 * @typedef {'bookings' | 'orders' | 'payments' | 'bills'} LedgerKind
 */
/**
 * Everything the platform accepted, by kind: bookings and orders (id, paymentMethod), verified payments
 * (providerOrderId, what they paid for and its id) and bills (id, invoiceNumber), the ids as its answers
 * carried them.
 * @typedef {{ bookings: Array<{ id: string, paymentMethod: string }>, orders: Array<{ id: string, paymentMethod: string }>,
 *   payments: Array<{ providerOrderId: string, kind: 'appointment' | 'order', targetId: string }>,
 *   bills: Array<{ id: string, invoiceNumber: string }> }} Ledger
 */
/** @typedef {{ token: string, addressId: string, email: string }} Shopper */

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * @template T
 * @param {T[]} list
 * @returns {T}
 */
const pick = (list) => /** @type {T} */ (list[Math.floor(Math.random() * list.length)]);
/**
 * @param {any} body a list, or an object holding one under one of `keys`
 * @param {...string} keys
 * @returns {any[]}
 */
const listOf = (body, ...keys) =>
  Array.isArray(body) ? body : (keys.map((key) => body?.[key]).find(Array.isArray) ?? []);

/** Thrown when a step was answered but not accepted (4xx, or a 5xx we could not attribute). */
class StepFailed extends Error {
  /**
   * @param {string} step
   * @param {number} status
   * @param {any} body the answer's body (parsed JSON, or text)
   * @param {boolean} uncertain
   */
  constructor(step, status, body, uncertain) {
    super(
      `${step}: ${status} ${typeof body === 'string' ? body.slice(0, 200) : JSON.stringify(body)?.slice(0, 200)}`,
    );
    this.status = status;
    this.code = body && typeof body === 'object' ? body.code : undefined;
    this.uncertain = uncertain;
    /** @type {LedgerKind | undefined} which ledger's count of unknown outcomes this failure adds to */
    this.kind = undefined;
  }
}

/**
 * @param {{ baseUrl: string, sandboxUrl: string, customers?: number, thinkMs?: number, log?: (line: string) => void }} options
 */
export function createLoad({ baseUrl, sandboxUrl, customers = 6, thinkMs = 150, log = () => undefined }) {
  /** @type {Ledger} */
  const ledger = { bookings: [], orders: [], payments: [], bills: [] };
  const uncertain = { bookings: 0, orders: 0, payments: 0, bills: 0 };
  /** @type {{ requests: number, ok: number, rejected: number, networkErrors: number, byStatus: Record<string, number>, firstErrors: string[] }} */
  const stats = { requests: 0, ok: 0, rejected: 0, networkErrors: 0, byStatus: {}, firstErrors: [] };
  /** @type {Array<{ at: number, kind: LedgerKind }>} */
  const timeline = []; // { at, kind } of every acceptance, to tell what was accepted during an outage
  /** @type {Array<{ at: number, status: number, route: string }>} */
  const failures = []; // every broken connection (status 0) and 5xx, to tell when requests failed
  let running = false;
  /** @type {Promise<void>[]} */
  let loops = [];
  /** @type {{ token: string, user: any }} */
  let admin;
  /** @type {{ services: any[], roomPrices: Record<string, number>, products: any[] }} */
  let catalogue;
  /** @type {Shopper[]} */
  const shoppers = [];

  /**
   * @param {string} method
   * @param {string} route
   * @param {{ token?: string, body?: unknown, base?: string }} [options]
   * @returns {Promise<{ status: number, body: any, refused?: boolean }>}
   */
  async function call(method, route, { token, body, base = baseUrl } = {}) {
    stats.requests++;
    let response;
    try {
      response = await fetch(`${base}${route}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      stats.networkErrors++;
      failures.push({ at: Date.now(), status: 0, route: `${method} ${route}` });
      const refused =
        /** @type {{ cause?: { code?: string }, name?: string } | undefined} */ (error)?.cause?.code ===
        'ECONNREFUSED';
      return {
        status: 0,
        body: String(
          /** @type {{ cause?: { code?: string }, name?: string } | undefined} */ (error)?.cause?.code ??
            /** @type {{ cause?: { code?: string }, name?: string } | undefined} */ (error)?.name ??
            error,
        ),
        refused,
      };
    }
    const text = await response.text().catch(() => '');
    /** @type {any} */
    let parsed = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (an HTML error page): keep the text
    }
    stats.byStatus[response.status] = (stats.byStatus[response.status] ?? 0) + 1;
    if (response.status >= 500)
      failures.push({ at: Date.now(), status: response.status, route: `${method} ${route}` });
    if (response.ok) stats.ok++;
    else stats.rejected++;
    return { status: response.status, body: parsed };
  }

  /**
   * A step that must succeed; a broken connection or an upstream 5xx leaves its outcome unknown.
   * @param {string} name
   * @param {string} method
   * @param {string} route
   * @param {{ token?: string, body?: unknown, base?: string }} [options]
   * @param {number[]} [expected]
   * @returns {Promise<any>}
   */
  async function step(name, method, route, options, expected = [200, 201]) {
    const answer = await call(method, route, options);
    if (expected.includes(answer.status)) return answer.body;
    const uncertainOutcome = (answer.status === 0 && !answer.refused) || answer.status >= 500;
    if (stats.firstErrors.length < 12)
      stats.firstErrors.push(`${name}: ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 160)}`);
    throw new StepFailed(name, answer.status, answer.body, uncertainOutcome);
  }

  /**
   * @template {LedgerKind} K
   * @param {K} kind
   * @param {Ledger[K][number]} entry
   */
  function accept(kind, entry) {
    /** @type {Ledger[K][number][]} */ (ledger[kind]).push(entry);
    timeline.push({ at: Date.now(), kind });
  }

  /**
   * @param {string} providerOrderId
   */
  async function payAtSandbox(providerOrderId) {
    return step('sandbox pay', 'POST', '/v1/checkout/payments', {
      base: sandboxUrl,
      body: { key_id: SANDBOX_KEY_ID, order_id: providerOrderId, outcome: 'captured' },
    });
  }

  /**
   * @param {string} token
   * @param {any} paid the sandbox's answer (razorpay_order_id, razorpay_payment_id, razorpay_signature)
   * @param {'appointment' | 'order'} kind
   * @param {string} targetId
   */
  async function verify(token, paid, kind, targetId) {
    const answer = await step('verify payment', 'POST', '/api/v1/orders/verify-payment', {
      token,
      body: {
        razorpay_order_id: paid.razorpay_order_id,
        razorpay_payment_id: paid.razorpay_payment_id,
        razorpay_signature: paid.razorpay_signature,
      },
    });
    if (answer?.success !== true) throw new StepFailed('verify payment', 200, answer, false);
    accept('payments', { providerOrderId: paid.razorpay_order_id, kind, targetId });
  }

  // ---- journeys ----------------------------------------------------------------------------------

  function slot() {
    // 3 to 300 days ahead (no 24-hour reminder fires during the run), 10:00 to 17:00 in India, on a
    // 30-minute grid: 9 rooms over that many slots rarely collide.
    const day = new Date();
    day.setUTCHours(0, 0, 0, 0);
    day.setUTCDate(day.getUTCDate() + 3 + Math.floor(Math.random() * 298));
    const halfHoursAfterTen = Math.floor(Math.random() * 15);
    // 10:00 IST is 04:30 UTC.
    return new Date(day.getTime() + (4 * 60 + 30 + halfHoursAfterTen * 30) * 60_000).toISOString();
  }

  /**
   * @param {Shopper} shopper
   * @param {'cash' | 'online'} paymentMethod
   */
  async function book(shopper, paymentMethod) {
    const service = pick(catalogue.services);
    const option = pick(service.pricing);
    const type = pick(Object.keys(catalogue.roomPrices));
    const request = {
      serviceId: service._id,
      durationMinutes: option.durationMinutes,
      pricingOptionId: option._id,
      totalPrice: Math.round((option.price + catalogue.roomPrices[type]) * 100) / 100,
      type,
      appointmentDateTime: slot(),
      paymentMethod,
    };
    let answer = await call('POST', '/api/v1/appointments/auto-assign', {
      token: shopper.token,
      body: request,
    });
    if (answer.status === 422 && answer.body?.code === 'PRICE_MISMATCH') {
      const expected = listOf(answer.body.details).find((detail) => detail.field === 'totalPrice')?.expected;
      if (expected !== undefined) {
        answer = await call('POST', '/api/v1/appointments/auto-assign', {
          token: shopper.token,
          body: { ...request, totalPrice: expected },
        });
      }
    }
    if (answer.status !== 201) {
      if (answer.status === 409) return; // no room free at that time: an honest answer, not a fault
      const uncertainOutcome = (answer.status === 0 && !answer.refused) || answer.status >= 500;
      if (stats.firstErrors.length < 12)
        stats.firstErrors.push(`book: ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 160)}`);
      throw Object.assign(new StepFailed('book', answer.status, answer.body, uncertainOutcome), {
        kind: 'bookings',
      });
    }
    const appointment = answer.body.appointment ?? answer.body;
    accept('bookings', { id: appointment._id, paymentMethod });
    if (paymentMethod !== 'online') return;
    const paid = await payAtSandbox(answer.body.razorpayOrderId);
    await verify(shopper.token, paid, 'appointment', appointment._id).catch((error) => {
      throw Object.assign(error, { kind: 'payments' });
    });
  }

  /**
   * @param {Shopper} shopper
   * @param {'COD' | 'ONLINE'} paymentMethod
   */
  async function checkout(shopper, paymentMethod) {
    const product = pick(catalogue.products);
    await step('add to cart', 'POST', '/api/v1/cart', {
      token: shopper.token,
      body: { product: product._id, quantity: 1 },
    });
    let placed;
    try {
      placed = await step('place order', 'POST', '/api/v1/orders', {
        token: shopper.token,
        body: { paymentMethod, shippingAddress: { _id: shopper.addressId } },
      });
    } catch (error) {
      // Fair holds: a shopper whose earlier online order is still unpaid (its payment lost to a fault)
      // may not hold another one. An honest answer, not a fault.
      if (
        /** @type {StepFailed} */ (error).status === 409 &&
        /** @type {StepFailed} */ (error).code === 'TOO_MANY_UNPAID_ORDERS'
      )
        return;
      throw Object.assign(/** @type {Error} */ (error), { kind: 'orders' });
    }
    accept('orders', { id: placed.order._id, paymentMethod });
    if (paymentMethod !== 'ONLINE') return;
    const paid = await payAtSandbox(placed.razorpayOrder.id);
    await verify(shopper.token, paid, 'order', placed.order._id).catch((error) => {
      throw Object.assign(error, { kind: 'payments' });
    });
  }

  /**
   * @param {number} index
   */
  async function issueBill(index) {
    const withEmail = index % 5 === 0;
    let bill;
    try {
      bill = await step('create bill', 'POST', '/api/v1/bills', {
        token: admin.token,
        body: {
          name: `Fault Guest ${index}`,
          phone: '+91 98765 43210',
          ...(withEmail ? { email: `bill-${index}@faults.example` } : {}),
          customerId: `FLT-${index}`,
          gender: 'Female',
          date: new Date().toISOString().slice(0, 10),
          roomNo: '12',
          services: [
            {
              serviceName: 'Swedish Massage',
              duration: '60 Min',
              staffAssigned: 'Meera',
              price: 2500,
              gst: 5,
              discount: 0,
            },
          ],
          products: [],
          discountPercent: 0,
          paymentMethod: 'Cash',
          advanceAmount: 0,
        },
      });
    } catch (error) {
      throw Object.assign(/** @type {Error} */ (error), { kind: 'bills' });
    }
    accept('bills', { id: bill._id, invoiceNumber: bill.invoiceNumber });
  }

  let billCounter = 0;
  /**
   * @param {Shopper} shopper
   */
  async function journey(shopper) {
    const roll = Math.random();
    if (roll < 0.3) return book(shopper, 'cash');
    if (roll < 0.45) return book(shopper, 'online');
    if (roll < 0.65) return checkout(shopper, 'COD');
    if (roll < 0.85) return checkout(shopper, 'ONLINE');
    return issueBill(++billCounter);
  }

  /**
   * @param {Shopper} shopper
   */
  async function loop(shopper) {
    while (running) {
      try {
        await journey(shopper);
      } catch (error) {
        if (error instanceof StepFailed) {
          if (error.uncertain && error.kind) uncertain[error.kind]++;
          await sleep(300); // a failing platform gets no hammering
        } else {
          log(`load: unexpected ${/** @type {Error | undefined} */ (error)?.stack ?? error}`);
        }
      }
      await sleep(thinkMs * (0.5 + Math.random()));
    }
  }

  // ---- setup ------------------------------------------------------------------------------------

  /**
   * @param {string} email
   * @param {string} password
   */
  async function signIn(email, password) {
    const answer = await step('sign in', 'POST', '/api/v1/auth/login', { body: { email, password } });
    return { token: answer.token ?? answer.data?.token, user: answer.user ?? answer.data?.user };
  }

  /**
   * @template T
   * @param {string} what
   * @param {() => Promise<T>} fn
   * @param {number} [timeoutMs]
   * @returns {Promise<T>}
   */
  async function retrying(what, fn, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await fn();
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`${what}: ${/** @type {Error} */ (error).message}`);
        await sleep(500);
      }
    }
  }

  async function readCatalogue() {
    const services = listOf(
      await step('services', 'GET', '/api/v1/admin/services'),
      'services',
      'items',
    ).filter((/** @type {any} */ service) => Array.isArray(service.pricing) && service.pricing.length > 0);
    const rooms = listOf(await step('rooms', 'GET', '/api/v1/admin/rooms'), 'rooms', 'items')
      .filter((/** @type {any} */ room) => room.status !== 'Maintenance')
      .sort((/** @type {any} */ a, /** @type {any} */ b) =>
        String(a.roomNumber).localeCompare(String(b.roomNumber), 'en', { numeric: true }),
      );
    /** @type {Record<string, number>} */
    const roomPrices = {};
    for (const room of rooms) roomPrices[room.type] ??= room.price;
    const products = listOf(await step('products', 'GET', '/api/v1/products'), 'products', 'items');
    // Plenty of stock on a few products, so a run measures faults, not sold-out shelves.
    const stocked = products.slice(0, 4);
    for (const product of stocked) {
      await step('restock', 'PUT', `/api/v1/products/${product._id}`, {
        token: admin.token,
        body: { stock: 1_000_000 },
      });
    }
    return { services, roomPrices, products: stocked };
  }

  async function setUp() {
    admin = await retrying('admin sign-in', () => signIn('admin@spa.local', 'Admin@12345'));
    catalogue = await readCatalogue();
    if (catalogue.services.length === 0 || Object.keys(catalogue.roomPrices).length === 0)
      throw new Error('the demo catalogue has no bookable services or rooms');
    const runTag = Date.now().toString(36);
    for (let index = 0; index < customers; index++) {
      const email = `faults-${runTag}-${index}@faults.example`;
      await step('register', 'POST', '/api/v1/auth/register', {
        body: {
          name: `Fault Customer ${index}`,
          email,
          password: PASSWORD,
          role: 'user',
          phone: '+91 98765 43210',
        },
      });
      // Sign-up signs nobody in: the new customer signs in with their password.
      const { token } = await signIn(email, PASSWORD);
      const address = await step('address', 'POST', '/api/v1/addresses', {
        token,
        body: {
          label: 'Home',
          fullName: `Fault Customer ${index}`,
          phone: '+91 98765 43210',
          street: '12 MG Road',
          city: 'Indore',
          state: 'Madhya Pradesh',
          postalCode: '452010',
          country: 'India',
        },
      });
      shoppers.push({ token, addressId: address._id ?? address.address?._id, email });
    }
    // The booking and commerce read models fill from events: wait until both take a request.
    await retrying('first booking', () => book(/** @type {Shopper} */ (shoppers[0]), 'cash'), 90_000);
    await retrying('first order', () => checkout(/** @type {Shopper} */ (shoppers[0]), 'COD'), 90_000);
  }

  return {
    ledger,
    uncertain,
    stats,
    timeline,
    failures,
    setUp,
    shoppers,
    start() {
      if (running) return;
      running = true;
      loops = shoppers.map((shopper) => loop(shopper));
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      loops = [];
    },
    /**
     * @param {number} from
     * @param {number} to
     */
    acceptedBetween(from, to) {
      return timeline.filter((entry) => entry.at >= from && entry.at <= to).length;
    },
    /** A short count of what was accepted so far. */
    totals() {
      return Object.fromEntries(Object.entries(ledger).map(([kind, list]) => [kind, list.length]));
    },
  };
}
