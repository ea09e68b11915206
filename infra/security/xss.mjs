/* global document, window -- the callbacks passed to page.evaluate run in the browser */
// Suite 3 (rendering part): HTML and script typed into free-text fields must come back as text in
// the SPA (Chromium through playwright-core, as web/e2e does), in the invoice PDF and in emails.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADDRESS, billBody, productBody, serviceBody } from './fixtures.mjs';
import { call, must, pause, uniqueEmail } from './lib.mjs';

const SUITE = 'xss';
const INBOX = process.env.MAIL_INBOX_URL ?? 'http://127.0.0.1:1080';
/** Each payload sets window.__xss when it runs. */
const PAYLOADS = {
  img: '<img src=x onerror=window.__xss=1>',
  script: '<script>window.__xss=2</script>',
  svg: '"><svg onload=window.__xss=3>',
  // No spaces: emails greet by the first word of a name.
  tight: '<svg/onload=window.__xss=4>',
};
const squash = (/** @type {string} */ text) => text.replace(/\s+/g, '');

async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Records the values a field took: the payload, or the refusal (also safe) of the API.
 * @param {string} base
 * @param {string} method
 * @param {string} pathName
 * @param {string | undefined} token
 * @param {unknown} body
 */
async function create(base, method, pathName, token, body) {
  const answer = await call(base, method, pathName, { token, body });
  return { answer, refused: answer.status === 400 || answer.status === 422 };
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} base
 * @param {{ token: string, user: unknown } | undefined} session
 * @param {string} page
 * @param {string[]} expectedTexts
 */
async function openAndInspect(browser, base, session, page, expectedTexts) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const tab = await context.newPage();
  /** @type {string[]} */
  const dialogs = [];
  tab.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  try {
    if (session) {
      await tab.goto('/unauthorized');
      await tab.evaluate(({ token, user }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(user));
      }, session);
    }
    await tab.goto(page);
    let shown = true;
    try {
      await tab.waitForFunction(
        (texts) => {
          const fields = [
            .../** @type {NodeListOf<HTMLInputElement | HTMLTextAreaElement>} */ (
              document.querySelectorAll('input, textarea')
            ),
          ].map((field) => field.value);
          const shownText = [document.body.innerText, ...fields].join(' ').replace(/\s+/g, '');
          return texts.every((text) => shownText.includes(text));
        },
        expectedTexts.map(squash),
        { timeout: 15_000 },
      );
    } catch {
      shown = false;
    }
    await pause(300);
    const ran = await tab.evaluate(() => /** @type {any} */ (window).__xss);
    // Injected markup: the payloads' elements, and any inline script a browser would run. The server
    // render's data blocks (the dehydrated state, JSON-LD) are inline scripts the browser never runs;
    // they count only if one holds a raw '<' (unescaped text could close the block and start markup).
    const injected = await tab.evaluate(() => {
      const dataTypes = new Set(['application/json', 'application/ld+json']);
      const inline = [...document.querySelectorAll('script:not([src])')];
      const executable = inline.filter((script) => !dataTypes.has(script.getAttribute('type') ?? ''));
      const unsafeData = inline.filter(
        (script) => dataTypes.has(script.getAttribute('type') ?? '') && script.textContent?.includes('<'),
      );
      return (
        document.querySelectorAll('img[src="x"], svg[onload]').length + executable.length + unsafeData.length
      );
    });
    return { ran, shown, injected, dialogs };
  } finally {
    await context.close();
  }
}

/** @param {string} address @returns {Promise<any[]>} */
async function emailsTo(address) {
  const url = new URL('/email', INBOX);
  url.searchParams.set('to.address', address);
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`the inbox answered ${response.status}`);
  return response.json();
}

/**
 * @param {string} address
 * @param {RegExp} subject
 * @param {number} [timeoutMs]
 */
async function waitForEmail(address, subject, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await emailsTo(address)).find((email) => subject.test(email.subject));
    if (found) return found;
    await pause(500);
  }
  return undefined;
}

/**
 * The HTML of an email carries the payload escaped, never as markup.
 * @param {string} html
 */
function emailIsEscaped(html) {
  const raw = /<svg\/onload|<img src=x onerror|<script>window/i.test(html);
  const escaped = /(&lt;|&#60;|&#x3c;)svg\/onload/i.test(html);
  return { raw, escaped };
}

/**
 * @param {string} base
 * @param {import('./expectations.mjs').Fixtures} fixtures
 * @param {import('./lib.mjs').Verdicts} verdicts
 */
export async function runXss(base, fixtures, verdicts) {
  let playwright = true;
  try {
    await import('playwright-core');
  } catch {
    playwright = false;
  }
  const { admin, customerA } = fixtures.sessions;
  const marker = Date.now().toString(36);

  // Records with a payload in every free-text field the API accepts.
  const product = await create(base, 'POST', '/api/v1/products', admin.token, {
    ...productBody(`Xss ${marker} ${PAYLOADS.img}`, fixtures.productCategory._id),
    description: `About ${PAYLOADS.script} ${PAYLOADS.svg}`,
  });
  const service = await create(base, 'POST', '/api/v1/admin/services', admin.token, {
    ...serviceBody(`Xss ${marker} ${PAYLOADS.img}`, fixtures.category._id),
    description: `About ${PAYLOADS.script} ${PAYLOADS.svg}`,
  });
  const address = await create(base, 'POST', '/api/v1/addresses', customerA.token, {
    ...ADDRESS,
    label: `Xss ${PAYLOADS.svg}`.slice(0, 40),
    fullName: `Asha ${PAYLOADS.img}`,
    street: `12 ${PAYLOADS.script}`,
  });
  const profile = await create(base, 'PUT', '/api/v1/auth/me', customerA.token, {
    name: `Asha ${PAYLOADS.img}`,
  });
  const billEmail = uniqueEmail('xss-bill');
  const bill = await create(
    base,
    'POST',
    '/api/v1/bills',
    admin.token,
    billBody({
      name: `${PAYLOADS.tight}Guest ${PAYLOADS.img}`,
      email: billEmail,
      services: [{ serviceName: `Ritual ${PAYLOADS.script}`, price: 1500, gst: 18, discount: 0 }],
    }),
  );
  const registerEmail = uniqueEmail('xss-register');
  const registered = await create(base, 'POST', '/api/v1/auth/register', undefined, {
    name: `${PAYLOADS.tight}New ${PAYLOADS.img}`,
    email: registerEmail,
    password: 'Secure@12345',
    role: 'user',
  });

  const refusals = Object.entries({ product, service, address, profile, bill, registered })
    .filter(([, record]) => record.answer.status >= 300)
    .map(([name, record]) => `${name}: ${record.answer.status} ${record.answer.text.slice(0, 100)}`);
  for (const [name, record] of Object.entries({ product, service, address, profile, bill, registered }))
    if (record.answer.status >= 500 || (record.answer.status >= 300 && !record.refused))
      verdicts.record(
        SUITE,
        `${name} with HTML in its text is stored or refused with 400`,
        false,
        `${record.answer.status} ${record.answer.text.slice(0, 120)}`,
      );
  if (refusals.length) console.log(`  note: refused with markup (safe): ${refusals.join(' | ')}`);

  const idOf = (/** @type {Awaited<ReturnType<typeof create>>} */ record) =>
    record.answer.json?._id ??
    record.answer.json?.id ??
    record.answer.json?.bill?._id ??
    record.answer.json?.data?._id;
  const session = (/** @type {{ token: string, user: unknown }} */ who) => ({
    token: who.token,
    user: who.user,
  });
  /** @type {[string, { token: string, user: unknown } | undefined, string, string[]][]} */
  const pages = [];
  if (!product.refused)
    pages.push([`product page`, undefined, `/products/${idOf(product)}`, [PAYLOADS.img, PAYLOADS.script]]);
  if (!product.refused) pages.push([`store`, undefined, `/store`, [PAYLOADS.img]]);
  if (!service.refused) pages.push([`service page`, undefined, `/service/${idOf(service)}`, [PAYLOADS.img]]);
  if (!address.refused)
    pages.push([`address book`, session(customerA), '/address-management', [PAYLOADS.img, PAYLOADS.script]]);
  if (!profile.refused)
    pages.push([
      `settings (profile name)`,
      session({ ...customerA, user: { ...customerA.user, name: `Asha ${PAYLOADS.img}` } }),
      '/settings',
      [PAYLOADS.img],
    ]);
  if (!bill.refused)
    pages.push([`bill view`, session(admin), `/bill/${idOf(bill)}/view`, [PAYLOADS.img, PAYLOADS.script]]);
  if (!bill.refused) pages.push([`bill list`, session(admin), `/bills/view`, [PAYLOADS.img]]);

  if (!playwright)
    verdicts.unavailable(SUITE, 'SPA pages render markup as text', 'playwright-core is not installed');
  else {
    const browser = await launchChromium();
    try {
      for (const [name, who, page, texts] of pages) {
        const result = await openAndInspect(browser, base, who, page, texts);
        verdicts.record(
          SUITE,
          `SPA ${name} (${page.split('/').slice(0, 3).join('/')}): no script ran, text shown literally`,
          result.ran === undefined && result.injected === 0 && result.dialogs.length === 0 && result.shown,
          `ran=${result.ran ?? 'no'} injected=${result.injected} literal=${result.shown ? 'yes' : 'no'}`,
        );
      }
    } finally {
      await browser.close();
    }
  }

  if (!bill.refused) {
    const pdf = await fetch(`${base}/api/v1/bills/${idOf(bill)}/download`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const bytes = Buffer.from(await pdf.arrayBuffer());
    const dir = mkdtempSync(path.join(os.tmpdir(), 'security-pdf-'));
    const file = path.join(dir, 'invoice.pdf');
    writeFileSync(file, bytes);
    const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', timeout: 30_000 });
    if (text.error)
      verdicts.unavailable(SUITE, 'invoice PDF shows markup as text', `pdftotext: ${text.error.message}`);
    else {
      const flat = squash(text.stdout);
      // The layout wraps long names, so the payloads are looked for in pieces that never wrap.
      const pieces = [`${PAYLOADS.tight}Guest`, '<img src=x', 'onerror=window.__xss=1>', PAYLOADS.script];
      const missing = pieces.filter((piece) => !flat.includes(squash(piece)));
      verdicts.record(
        SUITE,
        'invoice PDF shows the name and line text literally',
        pdf.status === 200 && missing.length === 0,
        missing.length ? `missing from the PDF text: ${missing.join(', ')}` : `${bytes.length} bytes`,
      );
    }

    const invoice = await waitForEmail(billEmail, /invoice/i);
    if (!invoice)
      verdicts.record(
        SUITE,
        'invoice email escapes the bill text',
        false,
        `no invoice email reached ${billEmail} within 45 s`,
      );
    else {
      const { raw, escaped } = emailIsEscaped(invoice.html ?? '');
      verdicts.record(
        SUITE,
        'invoice email shows the customer name escaped',
        !raw && escaped,
        `raw markup ${raw ? 'present' : 'absent'}; escaped name ${escaped ? 'present' : 'absent'}`,
      );
    }
  }
  if (!registered.refused) {
    const welcome = await waitForEmail(registerEmail, /verify/i);
    if (!welcome)
      verdicts.record(
        SUITE,
        'verification email escapes the name',
        false,
        `no email reached ${registerEmail} within 45 s`,
      );
    else {
      const { raw, escaped } = emailIsEscaped(welcome.html ?? '');
      verdicts.record(
        SUITE,
        'verification email shows the name escaped',
        !raw && escaped,
        `raw markup ${raw ? 'present' : 'absent'}; escaped name ${escaped ? 'present' : 'absent'}`,
      );
    }
  }
  await must(base, 'PUT', '/api/v1/auth/me', {
    token: customerA.token,
    body: { name: 'Security customer-a' },
  }).catch(() => undefined);
}
