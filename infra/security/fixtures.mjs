// The real resources the permission matrix and the attacks need: sessions of every role (customer A's
// email verified), customer A's cart item, addresses, orders (cash on delivery; one delivered, with A's
// review of it; one paid online through the sandbox) and appointments (one assigned to the employee, one
// paid online), the employee's time off request, a bill issued to A, and throwaway catalogue and
// identity records an admin may delete.
import { infraEnv } from '../local/env.mjs';
import { call, must, pause, signIn, uniqueEmail } from './lib.mjs';

const API = '/api/v1';
const IST_OFFSET_MS = 330 * 60_000;

/**
 * An instant of a business-hours minute of a day some days ahead, in the spa's zone (UTC+5:30).
 * @param {number} daysAhead
 * @param {number} hours
 * @param {number} [minutes]
 */
export function spaTime(daysAhead, hours, minutes = 0) {
  const shifted = new Date(Date.now() + IST_OFFSET_MS);
  const day = Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate() + daysAhead);
  return new Date(day + (hours * 60 + minutes) * 60_000 - IST_OFFSET_MS).toISOString();
}

/**
 * @param {string} base
 * @param {string} label
 * @param {string} [name]
 */
export async function registerCustomer(base, label, name = `Security ${label}`) {
  const email = uniqueEmail(label);
  const password = 'Secure@12345';
  await must(base, 'POST', `${API}/auth/register`, { body: { name, email, password, role: 'user' } });
  return signIn(base, email, password);
}

/**
 * A self-registered employee: an applicant, a customer everywhere until an admin approves.
 * @param {string} base
 * @param {string} label
 * @param {string} [name]
 */
export async function registerApplicant(base, label, name = `Security ${label}`) {
  const email = uniqueEmail(label);
  const password = 'Secure@12345';
  await must(base, 'POST', `${API}/auth/register`, {
    body: {
      name,
      email,
      password,
      role: 'employee',
      employeeRole: 'servicestaff',
      shift: 'morning',
      workingLocation: 'Vijay Nagar',
    },
  });
  return signIn(base, email, password);
}

/**
 * Verifies a new account's email through the real verification email (the SMTP sink's inbox), and
 * signs in again: only a token issued after the verification says the email is verified.
 * @param {string} base
 * @param {import('./lib.mjs').Session} session
 * @param {number} [timeoutMs]
 */
export async function verifyEmail(base, session, timeoutMs = 60_000) {
  const inbox = new URL('/email', infraEnv().MAIL_INBOX_URL);
  inbox.searchParams.set('to.address', session.email);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const emails = await fetch(inbox, { signal: AbortSignal.timeout(10_000) }).then((response) =>
      response.ok ? response.json() : [],
    );
    const token = emails
      .filter((/** @type {any} */ email) => /verify/i.test(email.subject ?? ''))
      .flatMap((/** @type {any} */ email) => String(email.text ?? '').split(/\s+/))
      .map((/** @type {string} */ word) => /\/auth\/verify-email\/([A-Za-z0-9_-]{43})/.exec(word)?.[1])
      .find(Boolean);
    if (token) {
      await must(base, 'GET', `${API}/auth/verify-email/${token}`);
      const verified = await signIn(base, session.email, session.password);
      if (verified.user?.isEmailVerified !== true) throw new Error(`${session.email} is still not verified`);
      return verified;
    }
    if (Date.now() > deadline)
      throw new Error(`no verification email reached ${session.email} within ${timeoutMs / 1000} s`);
    await pause(500);
  }
}

/**
 * Pays a provider order through the Razorpay sandbox's checkout endpoint, as the checkout page would:
 * answers what the browser posts to /orders/verify-payment (order id, payment id, signature).
 * @param {string} base
 * @param {string} providerOrderId
 */
export async function payInSandbox(base, providerOrderId) {
  const config = await must(base, 'GET', `${API}/payments/config`);
  const sandbox = new URL(config.checkoutUrl).origin;
  const response = await fetch(`${sandbox}/v1/checkout/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key_id: config.keyId, order_id: providerOrderId, outcome: 'captured' }),
  });
  if (!response.ok) throw new Error(`the sandbox answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * A customer's store order paid online: a new address, the product in the cart, the order, the
 * sandbox's payment and its verification. Answers the order as placed and the verified payment body.
 * @param {string} base
 * @param {{ token?: string }} customer
 * @param {string} productId
 * @param {string} [label] the new address's label
 */
export async function payOnlineOrder(base, customer, productId, label = 'Paid online') {
  const as = { token: customer.token };
  const address = await must(base, 'POST', `${API}/addresses`, { ...as, body: { ...ADDRESS, label } });
  await must(base, 'POST', `${API}/cart`, { ...as, body: { product: productId, quantity: 1 } });
  const placed = await must(base, 'POST', `${API}/orders`, {
    ...as,
    body: { paymentMethod: 'ONLINE', addressId: address._id ?? address.id },
  });
  const paid = await payInSandbox(base, placed.razorpayOrder.id);
  await must(base, 'POST', `${API}/orders/verify-payment`, { ...as, body: paid });
  return { order: placed.order, paid };
}

export const ADDRESS = Object.freeze({
  label: 'Home',
  fullName: 'Asha Rao',
  phone: '9876543210',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
});

export function billBody(overrides = {}) {
  return {
    name: 'Walk-in Guest',
    phone: '9876543210',
    email: uniqueEmail('bill'),
    customerId: 'CUST-SEC-1',
    gender: 'Female',
    date: new Date().toISOString().slice(0, 10),
    services: [{ serviceName: 'Aroma Therapy', price: 1500, gst: 18, discount: 0 }],
    products: [],
    discountPercent: 0,
    paymentMethod: 'Cash',
    ...overrides,
  };
}

/**
 * Books an appointment for a customer, retrying while the booking service catches up (through Kafka)
 * with the catalogue's services and rooms and identity's employees on a fresh stack.
 * @param {string} base
 * @param {{ token?: string }} customer
 * @param {any} service a catalogue service (its _id and pricing options)
 * @param {{ daysAhead?: number, hour?: number, timeoutMs?: number, paymentMethod?: 'cash' | 'online' }} [options]
 *   an online booking answers the appointment with its provider order (`razorpayOrderId`)
 */
export async function bookAppointment(
  base,
  customer,
  service,
  { daysAhead = 30, hour = 11, timeoutMs = 90_000, paymentMethod = 'cash' } = {},
) {
  const option = service.pricing[0];
  const rooms = (await must(base, 'GET', `${API}/admin/rooms`)).filter(
    (/** @type {any} */ room) => room.type === 'Diamond' && room.status !== 'Maintenance',
  );
  rooms.sort((/** @type {any} */ a, /** @type {any} */ b) => Number(a.roomNumber) - Number(b.roomNumber));
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    const answer = await call(base, 'POST', `${API}/appointments/auto-assign`, {
      token: customer.token,
      body: {
        serviceId: service._id,
        durationMinutes: option.durationMinutes,
        pricingOptionId: option._id,
        totalPrice: option.price + rooms[0].price,
        type: 'Diamond',
        // A later start on each retry: a 409 for a taken slot moves on instead of repeating.
        appointmentDateTime: spaTime(daysAhead + Math.floor(attempt / 6), hour + (attempt % 6)),
        paymentMethod,
      },
    });
    if (answer.status === 201) return answer.json;
    last = `${answer.status} ${answer.text.slice(0, 200)}`;
    await pause(1_000);
  }
  throw new Error(`could not book an appointment within ${timeoutMs / 1000} s: ${last}`);
}

/**
 * The spa's local date (YYYY-MM-DD) some days ahead: noon there is the same date in UTC.
 * @param {number} daysAhead
 */
export function spaDate(daysAhead) {
  return spaTime(daysAhead, 12).slice(0, 10);
}

/**
 * A setup call that may have to wait for booking to learn (through Kafka) of identity's users on a fresh
 * stack: repeated while it answers 404 (employee not found), then it must succeed.
 * @param {string} base
 * @param {string} method
 * @param {string} path
 * @param {import('./lib.mjs').CallOptions} options
 * @param {number} [timeoutMs]
 */
async function eventually(base, method, path, options, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await call(base, method, path, options);
    if (answer.status < 300) return answer.json;
    if (answer.status !== 404 || Date.now() > deadline)
      throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    await pause(1_000);
  }
}

/**
 * Waits until catalogue knows (through commerce's order.delivered) that the customer may review each
 * source.
 * @param {string} base
 * @param {{ token?: string }} customer
 * @param {string[]} sourceIds
 * @param {number} [timeoutMs]
 */
async function eventuallyReviewable(base, customer, sourceIds, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mine = await must(base, 'GET', `${API}/reviews/mine`, { token: customer.token });
    const open = new Set((mine.toReview ?? []).map((/** @type {any} */ entry) => entry.sourceId));
    if (sourceIds.every((sourceId) => open.has(sourceId))) return;
    if (Date.now() > deadline)
      throw new Error(
        `catalogue did not make ${sourceIds.join(', ')} reviewable within ${timeoutMs / 1000} s`,
      );
    await pause(500);
  }
}

/**
 * A waitlist request for 11:00 to 12:00, 40 days ahead (the body the matrix sends too).
 * @param {any} service
 */
export function waitlistBody(service) {
  return {
    serviceId: service._id,
    durationMinutes: service.pricing[0].durationMinutes,
    date: spaDate(40),
    from: '11:00',
    to: '12:00',
  };
}

/**
 * Every role's session and the resources the matrix calls routes on.
 * @param {string} base
 */
export async function createFixtures(base) {
  const admin = await signIn(base, 'admin@spa.local', 'Admin@12345');
  const employee = await signIn(base, 'therapist@spa.local', 'Staff@12345');
  // A's email verified: billing finds a customer's bills (export, PDF) by their verified email only.
  const customerA = await verifyEmail(base, await registerCustomer(base, 'customer-a'));
  const customerB = await registerCustomer(base, 'customer-b');
  const sessions = { admin, employee, customerA, customerB };

  const products = await must(base, 'GET', `${API}/products`);
  const stocked = products.filter((/** @type {any} */ candidate) => candidate.stock > 10);
  const product = stocked[0] ?? products[0];
  const otherProduct = stocked.find((/** @type {any} */ candidate) => candidate._id !== product._id);
  if (!otherProduct) throw new Error('the store has no second product in stock for the review fixtures');
  const services = await must(base, 'GET', `${API}/admin/services`);
  const service = services.find((/** @type {any} */ candidate) => candidate.pricing?.length) ?? services[0];
  const categories = await must(base, 'GET', `${API}/admin/categories`);
  const category =
    categories.find((/** @type {any} */ candidate) => candidate._id === service.category?._id) ??
    categories[0];
  const rooms = await must(base, 'GET', `${API}/admin/rooms`);
  const productCategories = await must(base, 'GET', `${API}/product-categories`);
  const productCategory = productCategories[0];

  // Customer A: an order (cash on delivery) from the cart, then a new cart item and a second address.
  const as = { token: customerA.token };
  const address = await must(base, 'POST', `${API}/addresses`, { ...as, body: ADDRESS });
  await must(base, 'POST', `${API}/cart`, { ...as, body: { product: product._id, quantity: 1 } });
  const order = await must(base, 'POST', `${API}/orders`, {
    ...as,
    body: { paymentMethod: 'COD', addressId: address._id ?? address.id },
  });
  // A second order of two products, delivered by the admin: commerce's order.delivered makes each line
  // reviewable (catalogue's eligibility). A reviews the first; the second is left for the matrix's
  // POST /reviews. A completed visit would do too, but through the API a visit is booked only for a
  // future start, started only on its day and completed only once started: the fixtures would have to
  // book one for later today, during business hours, and wait for its start. A delivered order is a
  // real fixture at any hour.
  for (const item of [product, otherProduct])
    await must(base, 'POST', `${API}/cart`, { ...as, body: { product: item._id, quantity: 1 } });
  const deliveredOrder = await must(base, 'POST', `${API}/orders`, {
    ...as,
    body: { paymentMethod: 'COD', addressId: address._id ?? address.id },
  });
  const deliveredId = deliveredOrder.order?._id ?? deliveredOrder._id;
  await must(base, 'PATCH', `${API}/orders/${deliveredId}/status`, {
    token: admin.token,
    body: { isDelivered: true },
  });
  const reviewSources = [product, otherProduct].map((item) => `order:${deliveredId}:${item._id}`);
  await eventuallyReviewable(base, customerA, reviewSources);
  const review = await must(base, 'POST', `${API}/reviews`, {
    ...as,
    body: { sourceId: reviewSources[0], rating: 4, text: 'Made by the security run.' },
  });
  // Customer A's order paid online through the sandbox: its payment and refunds exist for A and the admin.
  const paidOrder = await payOnlineOrder(base, customerA, product._id);
  const cart = await must(base, 'POST', `${API}/cart`, {
    ...as,
    body: { product: product._id, quantity: 1 },
  });
  const cartItem = (cart.items ?? cart.cart?.items ?? []).find(
    (/** @type {any} */ item) => (item.product?._id ?? item.product) === product._id,
  );
  const address2 = await must(base, 'POST', `${API}/addresses`, {
    ...as,
    body: { ...ADDRESS, label: 'Work' },
  });

  const appointment = await bookAppointment(base, customerA, service);
  // A second appointment of customer A's that the employee (the demo therapist) is assigned to, for the
  // check-in route's "the therapist starts and completes their own treatment"; weeks ahead, so every
  // check-in step the matrix tries is refused as a business rule (422) and nothing changes.
  const treatment = await bookAppointment(base, customerA, service, { daysAhead: 33, hour: 12 });
  const assigned = await eventually(
    base,
    'POST',
    `${API}/appointments/${treatment._id ?? treatment.id}/assign-employee`,
    {
      token: admin.token,
      body: { employeeId: employee.id },
    },
  );
  if ((assigned.employeeId?._id ?? assigned.employeeId) !== employee.id)
    throw new Error(`the therapist's appointment is assigned to ${JSON.stringify(assigned.employeeId)}`);
  // A time off request of the employee's, far beyond the booking window (nothing it could strand): the
  // matrix has the admin approve it and the employee withdraw it, so nothing is left standing.
  const dates = { specialDay: spaDate(700), timeOff: spaDate(500) };
  const timeOff = await eventually(base, 'POST', `${API}/appointments/time-off`, {
    token: employee.token,
    body: { firstDate: dates.timeOff, lastDate: dates.timeOff, reason: 'Made by the security run' },
  });
  // An appointment of A's paid online through the sandbox: its payment and refunds exist.
  const booked = await bookAppointment(base, customerA, service, {
    daysAhead: 36,
    hour: 11,
    paymentMethod: 'online',
  });
  const appointmentPaid = await payInSandbox(base, booked.razorpayOrderId);
  await must(base, 'POST', `${API}/orders/verify-payment`, { ...as, body: appointmentPaid });
  // A waits for an hour 40 days ahead that has no free start (the day's first free start is later, with
  // the demo staff's shifts); the matrix's own POST as A then meets "already waiting", a 409.
  const waitlist = await must(base, 'POST', `${API}/appointments/waitlist`, {
    ...as,
    body: waitlistBody(service),
  });
  // A bill issued to customer A by the admin: A's export and PDF find it by A's verified email.
  const bill = await must(base, 'POST', `${API}/bills`, {
    token: admin.token,
    body: billBody({ name: customerA.user.name, email: customerA.email, customerId: customerA.id }),
  });

  const counter = await counterFixtures(base, admin, customerA, product);

  // Throwaway records an admin may change and delete.
  const ad = { token: admin.token };
  const suffix = Date.now().toString(36);
  const victim = await registerCustomer(base, 'to-delete');
  const applicant = await registerApplicant(base, 'applicant');
  const employeeRole = await must(base, 'POST', `${API}/admin/employee-roles`, {
    ...ad,
    body: { name: `secrole${suffix}`, description: 'made by the security run' },
  });
  const newCategory = await must(base, 'POST', `${API}/admin/categories`, {
    ...ad,
    body: {
      name: `Sec category ${suffix}`,
      description: 'made by the security run',
      assignedEmployeeRole: 'servicestaff',
    },
  });
  const newRoom = await must(base, 'POST', `${API}/admin/rooms`, {
    ...ad,
    body: roomBody(`9${suffix.slice(-3)}`),
  });
  const newService = await must(base, 'POST', `${API}/admin/services`, {
    ...ad,
    body: serviceBody(`Sec service ${suffix}`, newCategory._id ?? newCategory.id),
  });
  const newProductCategory = await must(base, 'POST', `${API}/product-categories`, {
    ...ad,
    body: { name: `Sec products ${suffix}` },
  });
  const newSubcategory = await must(base, 'POST', `${API}/subcategories`, {
    ...ad,
    body: { name: `Sec sub ${suffix}`, productCategory: productCategory._id },
  });
  const newProduct = await must(base, 'POST', `${API}/products`, {
    ...ad,
    body: productBody(`Sec product ${suffix}`, productCategory._id),
  });

  const idOf = (/** @type {any} */ record) =>
    record?._id ?? record?.id ?? record?.data?._id ?? record?.data?.id;
  const billRecord = bill.bill ?? bill;
  return {
    sessions,
    product,
    service,
    /** What the positive controls look for in an answer: the fixtures' own numbers, ids and bodies. */
    shown: {
      invoiceNumber: billRecord.invoiceNumber,
      invoiceFile: `Invoice_${String(billRecord.invoiceNumber).replaceAll('/', '-')}.pdf`,
      paidOrderPayment: paidOrder.paid,
      ...counter.shown,
    },
    category,
    room: rooms[0],
    productCategory,
    dates,
    ids: {
      address: idOf(address),
      address2: idOf(address2),
      order: idOf(order.order ?? order),
      cartItem: idOf(cartItem),
      appointment: idOf(appointment),
      appointmentEmployee: appointment.employeeId?._id ?? appointment.employeeId ?? null,
      therapistAppointment: idOf(assigned),
      timeOff: idOf(timeOff),
      bill: idOf(billRecord),
      paidOrder: idOf(paidOrder.order),
      paidAppointment: idOf(booked.appointment),
      review: idOf(review),
      reviewSource: reviewSources[0],
      openReviewSource: reviewSources[1],
      waitlist: idOf(waitlist),
      victim: victim.id,
      applicant: applicant.id,
      employeeRole: idOf(employeeRole.role ?? employeeRole),
      newCategory: idOf(newCategory),
      newRoom: idOf(newRoom),
      newService: idOf(newService),
      newProductCategory: idOf(newProductCategory),
      newSubcategory: idOf(newSubcategory),
      newProduct: idOf(newProduct),
      ...counter.ids,
    },
  };
}

/**
 * The counter's records: the open drawer shift, a completed walk-in sale of customer A's (a product,
 * paid in cash) with the tax invoice billing issues for it, and an open sale with an add-on and a
 * payment link still waiting, for the routes that change a sale.
 * @param {string} base
 * @param {import('./lib.mjs').Session} admin
 * @param {import('./lib.mjs').Session} customerA
 * @param {any} product
 */
async function counterFixtures(base, admin, customerA, product) {
  const ad = { token: admin.token };
  const key = () => ({ 'idempotency-key': crypto.randomUUID() });
  const opened = await call(base, 'POST', `${API}/counter/drawer/shifts`, {
    ...ad,
    body: { openingFloatPaise: 200_000 },
  });
  const shift =
    opened.status === 201 ? opened.json : (await must(base, 'GET', `${API}/counter/drawer`, ad)).shift;
  if (!shift?.id) throw new Error(`no open drawer shift: ${opened.status} ${opened.text.slice(0, 200)}`);

  const customer = { id: customerA.id, name: customerA.user.name, email: customerA.email };
  let sale = await must(base, 'POST', `${API}/counter/sales`, { ...ad, body: { customer } });
  sale = await must(base, 'PUT', `${API}/counter/sales/${sale.id}`, {
    ...ad,
    body: {
      version: sale.version,
      lines: [
        { kind: 'product', itemId: product._id, quantity: 1, lineDiscountPaise: 0, lineDiscountReason: '' },
      ],
      saleDiscountPaise: 0,
      saleDiscountReason: '',
    },
  });
  sale = await must(base, 'POST', `${API}/counter/sales/${sale.id}/tenders`, {
    ...ad,
    headers: key(),
    body: { method: 'cash', amountPaise: sale.balancePaise, cashReceivedPaise: sale.balancePaise },
  });
  sale = await must(base, 'POST', `${API}/counter/sales/${sale.id}/complete`, {
    ...ad,
    body: { version: sale.version },
  });
  const invoice = await eventuallyListed(base, `${API}/tax-documents?saleId=${sale.id}`, ad);

  let open = await must(base, 'POST', `${API}/counter/sales`, {
    ...ad,
    body: { customer: { name: 'Security run walk-in' } },
  });
  open = await must(base, 'PUT', `${API}/counter/sales/${open.id}`, {
    ...ad,
    body: {
      version: open.version,
      lines: [
        {
          kind: 'addon',
          name: 'Hot stones',
          unitPricePaise: 50_000,
          quantity: 1,
          lineDiscountPaise: 0,
          lineDiscountReason: '',
        },
      ],
      saleDiscountPaise: 0,
      saleDiscountReason: '',
    },
  });
  open = await must(base, 'POST', `${API}/counter/sales/${open.id}/tenders`, {
    ...ad,
    headers: key(),
    body: { method: 'razorpay', amountPaise: 10_000 },
  });
  const link = open.tenders.find((/** @type {any} */ tender) => tender.method === 'razorpay');
  return {
    shown: { saleInvoiceNumber: invoice.number },
    ids: {
      shift: shift.id,
      sale: sale.id,
      openSale: open.id,
      openSaleVersion: open.version,
      linkTender: link.id,
      saleLine: sale.lines[0].id,
      taxDocument: invoice.id,
    },
  };
}

/**
 * The first document a list answers, waiting (billing issues it from an event) up to a minute.
 * @param {string} base
 * @param {string} path
 * @param {{ token?: string }} as
 */
async function eventuallyListed(base, path, as) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const list = await must(base, 'GET', path, as);
    if (list.documents?.length) return list.documents[0];
    if (Date.now() > deadline) throw new Error(`${path} listed no document within 60 s`);
    await pause(500);
  }
}

/**
 * @param {string} roomNumber
 */
export function roomBody(roomNumber) {
  return {
    roomNumber,
    capacity: 'Single Bed',
    type: 'Silver',
    status: 'Available',
    location: 'Security wing',
    price: 900,
  };
}

/**
 * @param {string} name
 * @param {string} categoryId
 */
export function serviceBody(name, categoryId) {
  return {
    name,
    category: categoryId,
    description: 'A treatment made by the security run.',
    pricing: [{ duration: '60 min', durationMinutes: 60, price: 1200 }],
  };
}

/**
 * @param {string} name
 * @param {string} productCategoryId
 */
export function productBody(name, productCategoryId) {
  return {
    name,
    description: 'A product made by the security run.',
    price: 250,
    stock: 5,
    sku: `SEC-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    productCategory: productCategoryId,
  };
}
