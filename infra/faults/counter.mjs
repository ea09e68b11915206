// The counter checkout, interrupted at each step (the fault run's "counter checkout interrupted"):
// walk-in sales rung up through the gateway with a product whose stock is known, an open drawer
// shift, and one fault per sale: (a) the catalogue killed while a product line is added, (b) commerce
// killed right after a cash tender is accepted, (c) commerce killed between "complete" being sent and
// its answer, (d) the Razorpay sandbox down while a payment-link tender is created, (e) two desks
// completing one sale at once. Every sale ends completed; then the stock, the invoices, the outbox
// and the drawer must add up: stock = before − sold, one tax invoice and one commerce.sale.completed
// per sale, one gapless INV series, expected cash = what the drawer held + the cash taken.
import { devSecrets } from '../local/dev-secrets.mjs';

const REQUEST_TIMEOUT_MS = 20_000;
const INVOICE_WAIT_MS = 60_000;
const KILL_AFTER_MS = 5; // "complete" sent, commerce killed before it can answer
const STOCK = 50;

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {{ stack: import('../local/throwaway-stack.mjs').ThrowawayStack, db: import('./checks.mjs').Databases,
 *   log: (line: string) => void }} options
 * @returns {Promise<{ problems: string[] } & Record<string, any>>}
 */
export async function counterCheckoutInterrupted({ stack, db, log }) {
  /** @type {string[]} */
  const problems = [];
  const sandboxUrl = /** @type {string} */ (stack.razorpaySandboxUrl);
  const { RAZORPAY_KEY_SECRET } = devSecrets();
  const sandboxAuth = `Basic ${Buffer.from(`rzp_test_sandbox:${RAZORPAY_KEY_SECRET}`).toString('base64')}`;
  let keys = 0;
  const newKey = () => `faults-counter-${Date.now().toString(36)}-${++keys}`;

  /**
   * @param {string} method
   * @param {string} url a gateway route (/api/v1/...) or a full URL
   * @param {{ token?: string, body?: unknown, headers?: Record<string, string> }} [options]
   * @returns {Promise<{ status: number, body: any }>} status 0: no answer (the connection broke)
   */
  async function call(method, url, { token, body, headers = {} } = {}) {
    try {
      const response = await fetch(url.startsWith('http') ? url : `${stack.url}${url}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      let parsed;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      return { status: response.status, body: parsed };
    } catch (error) {
      return { status: 0, body: String(/** @type {any} */ (error)?.cause?.code ?? error) };
    }
  }

  /**
   * A step that must succeed: anything else ends the experiment.
   * @param {string} what
   * @param {Promise<{ status: number, body: any }>} answer
   * @param {number[]} [expected]
   */
  async function must(what, answer, expected = [200, 201]) {
    const { status, body } = await answer;
    if (!expected.includes(status))
      throw new Error(`${what}: ${status} ${JSON.stringify(body)?.slice(0, 300)}`);
    return body;
  }

  const login = await must(
    'admin sign-in',
    call('POST', '/api/v1/auth/login', { body: { email: 'admin@spa.local', password: 'Admin@12345' } }),
  );
  const token = login.token ?? login.data?.token;

  // A product the load neither restocks nor sells (it takes the first four), with a known stock.
  const listed = await must('products', call('GET', '/api/v1/products'));
  const products = Array.isArray(listed) ? listed : (listed.products ?? listed.items ?? []);
  const product = products[products.length - 1];
  if (!product || products.length < 5) throw new Error('the demo catalogue needs five products');
  const productId = product._id ?? product.id;
  await must('set stock', call('PUT', `/api/v1/products/${productId}`, { token, body: { stock: STOCK } }));
  // From the catalogue's table: its public read is cached, the row is the stock.
  const stockOf = async () =>
    Number((await db.query('catalogue', 'select stock from products where id = $1', [productId]))[0]?.stock);
  const stockBefore = await stockOf();
  const reservedSaleLines = async () =>
    (
      await db.query(
        'catalogue',
        `select count(*)::int as n from stock_reservations where order_id like 'sale-line:%' and status = 'reserved'`,
      )
    )[0].n;

  // The drawer: the shift open now (or a new one), and what it should hold so far.
  let drawer = (await must('drawer', call('GET', '/api/v1/counter/drawer', { token }))).shift;
  if (!drawer)
    drawer = await must(
      'open shift',
      call('POST', '/api/v1/counter/drawer/shifts', { token, body: { openingFloatPaise: 200_000 } }),
    );
  const expectedCashBefore = drawer.expectedCashPaise;
  let cashTaken = 0;
  let sold = 0;
  /** @type {Record<string, string>} step -> sale id */
  const sales = {};
  /** @type {Record<string, string>} step -> what happened */
  const steps = {};

  const saleOf = async (/** @type {string} */ id) =>
    must('get sale', call('GET', `/api/v1/counter/sales/${id}`, { token }));
  /** @param {string} step */
  async function openSale(step) {
    const sale = await must(
      `${step}: open sale`,
      call('POST', '/api/v1/counter/sales', { token, body: { customer: { name: `Fault Walk-in ${step}` } } }),
    );
    sales[step] = sale.id;
    return sale;
  }
  /**
   * @param {any} sale
   * @param {number} quantity
   */
  const productLine = (sale, quantity) =>
    call('PUT', `/api/v1/counter/sales/${sale.id}`, {
      token,
      body: {
        version: sale.version,
        lines: [
          { kind: 'product', itemId: productId, quantity, lineDiscountPaise: 0, lineDiscountReason: '' },
        ],
        saleDiscountPaise: 0,
        saleDiscountReason: '',
      },
    });
  /**
   * @param {any} sale
   * @param {Record<string, unknown>} tender
   * @param {string} key
   */
  const tenderFor = (sale, tender, key) =>
    call('POST', `/api/v1/counter/sales/${sale.id}/tenders`, {
      token,
      body: tender,
      headers: { 'idempotency-key': key },
    });
  const complete = (/** @type {string} */ id, /** @type {number} */ version) =>
    call('POST', `/api/v1/counter/sales/${id}/complete`, { token, body: { version } });
  /**
   * @param {string} step
   * @param {any} sale
   */
  async function mustComplete(step, sale) {
    const done = await must(`${step}: complete`, complete(sale.id, sale.version), [200]);
    if (done.status !== 'completed') problems.push(`${step}: complete answered a ${done.status} sale`);
    return done;
  }
  /**
   * @param {string} step
   * @param {any} sale
   */
  async function payCash(step, sale) {
    const paid = await must(
      `${step}: cash tender`,
      tenderFor(sale, { method: 'cash', amountPaise: sale.balancePaise }, newKey()),
    );
    cashTaken += sale.balancePaise;
    return paid;
  }

  // (a) the catalogue down while a product line is added -------------------------------------------
  {
    const sale = await openSale('a');
    const reservedBefore = await reservedSaleLines();
    await stack.kill('catalogue');
    const answer = await productLine(sale, 1);
    await stack.restart('catalogue');
    steps.a = `PUT with the catalogue down: ${answer.status} ${answer.body?.code ?? ''}`;
    if (!(answer.status === 503 || (answer.status >= 400 && answer.status < 500)) || !answer.body?.code)
      problems.push(`(a) ${steps.a} (wanted a 4xx or 503 in the error shape)`);
    const after = await saleOf(sale.id);
    if (after.version !== sale.version || after.lines.length !== 0)
      problems.push(`(a) the refused edit changed the sale (version ${sale.version} -> ${after.version})`);
    const stock = await stockOf();
    if (stock !== stockBefore) problems.push(`(a) stock ${stockBefore} -> ${stock} after a refused edit`);
    const reservedAfter = await reservedSaleLines();
    if (reservedAfter !== reservedBefore)
      problems.push(`(a) ${reservedAfter - reservedBefore} stock reservations left by a refused edit`);
    const edited = await must('(a) product line again', productLine(after, 1));
    sold += 1;
    await mustComplete('(a)', await payCash('(a)', edited));
  }

  // (b) commerce killed right after a cash tender was accepted --------------------------------------
  {
    const sale = await must('(b) product line', productLine(await openSale('b'), 2));
    sold += 2;
    const key = newKey();
    const tender = {
      method: 'cash',
      amountPaise: sale.balancePaise,
      cashReceivedPaise: sale.balancePaise + 5_000,
    };
    await must('(b) cash tender', tenderFor(sale, tender, key));
    cashTaken += sale.balancePaise;
    await stack.kill('commerce');
    await stack.restart('commerce');
    const again = await tenderFor(sale, tender, key); // the desk's retry of a click it saw no answer to
    const after = await saleOf(sale.id);
    const movements = (
      await db.query(
        'commerce',
        `select count(*)::int as n from drawer_movements where sale_id = $1 and kind = 'sale'`,
        [sale.id],
      )
    )[0].n;
    steps.b = `retry ${again.status}; ${after.tenders.length} tender(s), ${movements} drawer movement(s), sale ${after.status}`;
    if (![200, 201].includes(again.status))
      problems.push(`(b) the same tender again answered ${again.status}`);
    if (after.tenders.length !== 1 || after.tenders[0]?.status !== 'paid')
      problems.push(`(b) ${after.tenders.length} tenders after the restart (wanted one paid)`);
    if (movements !== 1) problems.push(`(b) ${movements} drawer movements for one cash tender`);
    if (after.status !== 'open') problems.push(`(b) the sale is ${after.status} before completing it`);
    await mustComplete('(b)', after);
  }

  // (c) commerce killed between "complete" being sent and its answer --------------------------------
  {
    const sale = await payCash('(c)', await must('(c) product line', productLine(await openSale('c'), 1)));
    sold += 1;
    const first = complete(sale.id, sale.version);
    await sleep(KILL_AFTER_MS);
    await stack.kill('commerce');
    const lost = await first;
    await stack.restart('commerce');
    const retried = await complete(sale.id, sale.version);
    steps.c = `first complete ${lost.status}, retry ${retried.status} ${retried.body?.status ?? retried.body?.code}`;
    if (retried.status !== 200 || retried.body?.status !== 'completed')
      problems.push(
        `(c) the retried complete answered ${retried.status} ${JSON.stringify(retried.body)?.slice(0, 200)}`,
      );
  }

  // (d) the Razorpay sandbox down while a payment-link tender is created ----------------------------
  {
    const sale = await must('(d) product line', productLine(await openSale('d'), 1));
    sold += 1;
    const key = newKey();
    const tender = { method: 'razorpay', amountPaise: sale.balancePaise };
    await stack.kill('razorpay-sandbox');
    const refused = await tenderFor(sale, tender, key);
    const during = await saleOf(sale.id);
    await stack.restart('razorpay-sandbox');
    if (![502, 503].includes(refused.status) || !refused.body?.code)
      problems.push(`(d) a link with the provider down answered ${refused.status} (wanted 502/503)`);
    if (during.tenders.some((/** @type {any} */ t) => t.status === 'paid'))
      problems.push('(d) a paid tender with the provider down');
    if (during.status !== 'open') problems.push(`(d) the sale is ${during.status} with the provider down`);
    const retried = await must('(d) the same link tender again', tenderFor(sale, tender, key));
    const links = retried.tenders.filter((/** @type {any} */ t) => t.method === 'razorpay');
    const tenderId = links[0]?.id;
    const atProvider = tenderId
      ? (
          await must(
            '(d) links at the sandbox',
            call('GET', `${sandboxUrl}/v1/payment_links?reference_id=${encodeURIComponent(tenderId)}`, {
              headers: { authorization: sandboxAuth },
            }),
          )
        ).payment_links
      : [];
    steps.d = `with the sandbox down ${refused.status} ${refused.body?.code ?? ''}; retry: ${links.length} link tender(s), ${atProvider.length} link(s) at the provider`;
    if (links.length !== 1 || !links[0]?.linkUrl)
      problems.push(`(d) ${links.length} link tenders after the retry (wanted one with a link)`);
    if (atProvider.length !== 1)
      problems.push(`(d) ${atProvider.length} payment links at the provider for one tender`);
    if (atProvider[0]) {
      await must(
        '(d) pay the link',
        call('POST', `${sandboxUrl}/sandbox/payment_links/${atProvider[0].id}/pay`, {
          body: { method: 'upi', outcome: 'captured' },
        }),
      );
      const checked = await must(
        '(d) check the link',
        call('POST', `/api/v1/counter/sales/${sale.id}/tenders/${tenderId}/check`, { token }),
      );
      if (checked.balancePaise !== 0)
        problems.push(`(d) balance ${checked.balancePaise} after the link was paid`);
      await mustComplete('(d)', checked);
    }
  }

  // (e) two desks complete one sale at once ----------------------------------------------------------
  {
    const sale = await must('(e) product line', productLine(await openSale('e'), 1));
    sold += 1;
    const paid = await must(
      '(e) card tender',
      tenderFor(
        sale,
        { method: 'card_terminal', amountPaise: sale.balancePaise, reference: 'FAULT-E' },
        newKey(),
      ),
    );
    const answers = await Promise.all([complete(sale.id, paid.version), complete(sale.id, paid.version)]);
    steps.e = `two completes: ${answers.map((answer) => answer.status).join(' and ')}`;
    for (const answer of answers)
      if (answer.status !== 200 || answer.body?.status !== 'completed')
        problems.push(
          `(e) a desk's complete answered ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 200)}`,
        );
  }

  // Every sale completed; then the invoices, events, stock and drawer must add up ---------------------
  const saleIds = Object.values(sales);
  for (const [step, id] of Object.entries(sales)) {
    const sale = await saleOf(id);
    if (sale.status !== 'completed') problems.push(`(${step}) sale ${sale.status} at the end`);
  }
  const completedEvents = await db.query(
    'commerce',
    `select key, count(*)::int as n from outbox where event_type = 'commerce.sale.completed' and key = any($1) group by key`,
    [saleIds],
  );
  for (const [step, id] of Object.entries(sales)) {
    const n = completedEvents.find((row) => row.key === id)?.n ?? 0;
    if (n !== 1) problems.push(`(${step}) ${n} commerce.sale.completed events`);
  }

  /** @type {any[]} */
  let invoices = [];
  const waitFrom = Date.now();
  for (;;) {
    invoices = await db.query(
      'billing',
      `select source_id, number from tax_documents where kind = 'invoice' and source_kind = 'sale' and source_id = any($1)`,
      [saleIds],
    );
    if (new Set(invoices.map((row) => row.source_id)).size === saleIds.length) break;
    if (Date.now() - waitFrom > INVOICE_WAIT_MS) break;
    await sleep(500);
  }
  await sleep(2_000); // a second invoice for a sale, were one coming, would be here by now
  invoices = await db.query(
    'billing',
    `select source_id, number from tax_documents where kind = 'invoice' and source_kind = 'sale' and source_id = any($1)`,
    [saleIds],
  );
  for (const [step, id] of Object.entries(sales)) {
    const n = invoices.filter((row) => row.source_id === id).length;
    if (n !== 1) problems.push(`(${step}) ${n} tax invoices for the sale`);
  }

  // One INV series shared by manual bills and tax invoices: numbers 1..N, each once. Only the trailing
  // digits are read, whatever the prefix's form.
  const numbers = [
    ...(await db.query('billing', 'select invoice_number as number from bills')),
    ...(await db.query('billing', `select number from tax_documents where kind = 'invoice'`)),
  ].map((row) => Number(/(\d+)\s*$/.exec(String(row.number))?.[1] ?? Number.NaN));
  const distinct = new Set(numbers);
  const highest = Math.max(0, ...numbers.filter(Number.isFinite));
  const missing = [];
  for (let n = 1; n <= highest; n++) if (!distinct.has(n)) missing.push(n);
  if (distinct.size !== numbers.length) problems.push('an INV number was given twice');
  if (numbers.some((n) => !Number.isFinite(n))) problems.push('an invoice number without trailing digits');
  if (missing.length > 0)
    problems.push(`the INV series has ${missing.length} gap(s) (e.g. ${missing.slice(0, 5).join(', ')})`);

  const stockAfter = await stockOf();
  if (stockAfter !== stockBefore - sold)
    problems.push(`stock ${stockAfter}, wanted ${stockBefore} − ${sold} sold = ${stockBefore - sold}`);
  const reservedAfter = await reservedSaleLines();
  const productLines = (
    await db.query(
      'commerce',
      `select count(*)::int as n from sale_lines where sale_id = any($1::uuid[]) and kind = 'product'`,
      [saleIds],
    )
  )[0].n;
  if (reservedAfter !== productLines)
    problems.push(
      `${reservedAfter} sale-line stock reservations held for ${productLines} product lines sold`,
    );

  const shift = (await must('drawer', call('GET', '/api/v1/counter/drawer', { token }))).shift;
  if (shift?.expectedCashPaise !== expectedCashBefore + cashTaken)
    problems.push(
      `drawer expects ${shift?.expectedCashPaise} paise, wanted ${expectedCashBefore} + ${cashTaken} cash taken`,
    );

  const checkedOut = (
    await db.query(
      'booking',
      'select count(*)::int as n from appointments where checked_out_sale_id = any($1::uuid[])',
      [saleIds],
    )
  )[0].n;
  if (checkedOut > 0) problems.push(`booking marked ${checkedOut} appointments checked out by walk-in sales`);

  for (const [step, line] of Object.entries(steps)) log(`  (${step}) ${line}`);
  return {
    problems,
    counter: {
      sales: saleIds.length,
      invoices: invoices.length,
      stockBefore,
      stockAfter,
      sold,
      cashTakenPaise: cashTaken,
      expectedCashPaise: shift?.expectedCashPaise,
      invoiceSeries: { numbers: numbers.length, highest },
      steps,
    },
  };
}
