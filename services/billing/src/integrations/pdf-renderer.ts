import type { Logger } from '@spa/kit';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
import type { PdfSettings } from '../config.js';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

class PdfRenderError extends Error {
  override name = 'PdfRenderError';
}

/**
 * HTML to PDF on the system Chromium. One browser per process, launched once and kept warm (a launch
 * costs seconds). Pages are kept too: opening and closing a page cost more CPU than rendering an
 * invoice (bench/pdf.bench.ts), and reuse is safe because JavaScript is off, outside requests are
 * refused, and setContent replaces the whole document. At most `maxConcurrentRenders` pages exist,
 * the rest wait their turn. A page that failed is closed, never reused. If Chromium dies, the next
 * render launches a new one.
 */
export class PdfRenderer {
  private browser: Promise<Browser> | undefined;
  /** Prepared pages of the current browser, free for the next render. */
  private idlePages: Page[] = [];
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly settings: PdfSettings,
    private readonly logger?: Logger,
  ) {}

  /** Starts the browser ahead of the first render. */
  async warmUp(): Promise<void> {
    await this.launched();
  }

  /** The process id of the browser, for memory sampling. */
  async browserPid(): Promise<number | undefined> {
    return (await this.launched()).process()?.pid;
  }

  async render(html: string): Promise<Buffer> {
    if (this.closed) throw new PdfRenderError('The PDF renderer is closed');
    await this.takeSlot();
    try {
      return await this.withTimeout(this.renderOnNewPageRetryingOnCrash(html));
    } finally {
      this.releaseSlot();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await (await browser.catch(() => undefined))?.close().catch(() => undefined);
  }

  private launched(): Promise<Browser> {
    this.browser ??= this.launch();
    return this.browser;
  }

  private async launch(): Promise<Browser> {
    const started = Date.now();
    try {
      const browser = await puppeteer.launch({
        executablePath: this.settings.chromiumPath,
        headless: true,
        // Pages share renderer processes instead of each starting its own: on a small machine the
        // process start-ups cost more CPU than the rendering (measured by bench/pdf.bench.ts).
        args: [...CHROMIUM_ARGS, `--renderer-process-limit=${this.settings.rendererProcesses}`],
      });
      browser.once('disconnected', () => {
        if (!this.closed) this.logger?.warn('Chromium disconnected; the next render launches a new one');
        this.browser = undefined;
        this.idlePages = [];
      });
      this.logger?.info({ ms: Date.now() - started }, 'Chromium launched for invoice PDFs');
      return browser;
    } catch (error) {
      this.browser = undefined;
      throw new PdfRenderError(`Chromium could not start: ${(error as Error).message}`);
    }
  }

  /** A browser that died under a render (or just before it) is replaced and the render tried once more. */
  private async renderOnNewPageRetryingOnCrash(html: string): Promise<Buffer> {
    const browser = await this.launched();
    try {
      return await this.renderOnNewPage(browser, html);
    } catch (error) {
      if (browser.connected || this.closed) throw error;
      if (this.browser && (await this.browser.catch(() => undefined)) === browser) this.browser = undefined;
      return this.renderOnNewPage(await this.launched(), html);
    }
  }

  private async renderOnNewPage(browser: Browser, html: string): Promise<Buffer> {
    const page = await this.preparedPage(browser);
    try {
      await page.setContent(html, { waitUntil: 'load' });
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        preferCSSPageSize: true,
        timeout: this.settings.renderTimeoutMs,
      });
      this.idlePages.push(page);
      return Buffer.from(pdf);
    } catch (error) {
      await page.close().catch(() => undefined);
      throw error;
    }
  }

  /** A free page of this browser, or a new one with JavaScript off and every outside request refused. */
  private async preparedPage(browser: Browser): Promise<Page> {
    for (let page = this.idlePages.pop(); page; page = this.idlePages.pop()) {
      if (!page.isClosed() && page.browser() === browser) return page;
    }
    const page = await browser.newPage();
    page.setDefaultTimeout(this.settings.renderTimeoutMs);
    await page.setJavaScriptEnabled(false);
    // The invoice needs nothing from outside; any request that is not inline data is refused.
    await page.setRequestInterception(true);
    page.on('request', (request: HTTPRequest) => {
      if (request.isInterceptResolutionHandled()) return;
      if (request.url().startsWith('data:')) void request.continue();
      else void request.abort('blockedbyclient');
    });
    return page;
  }

  private withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new PdfRenderError(`Rendering took longer than ${this.settings.renderTimeoutMs} ms`)),
        this.settings.renderTimeoutMs,
      );
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  private async takeSlot(): Promise<void> {
    if (this.active < this.settings.maxConcurrentRenders) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot straight to the next waiter, or frees it. */
  private releaseSlot(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}
