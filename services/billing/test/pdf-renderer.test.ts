import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { PdfRenderer } from '../src/integrations/pdf-renderer.js';

const settings = loadConfig({
  DATABASE_URL: 'postgres://unused/x',
  REDIS_URL: 'redis://unused',
  KAFKA_BROKERS: 'unused:9092',
}).pdf;

let renderer: PdfRenderer;
let server: Server;
let requestsSeen = 0;
beforeAll(async () => {
  renderer = new PdfRenderer(settings);
  server = createServer((_request, response) => {
    requestsSeen++;
    response.end('body { color: red }');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await renderer?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('PdfRenderer on the system Chromium', () => {
  it('renders HTML to a PDF without letting the page reach the network', async () => {
    const { port } = server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;
    const pdf = await renderer.render(`<!doctype html><html><head>
      <link rel="stylesheet" href="${origin}/style.css">
      <script src="${origin}/script.js"></script>
      </head><body><h1>Offline</h1><img src="${origin}/pixel.png">
      <iframe src="${origin}/frame"></iframe><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      </body></html>`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(requestsSeen).toBe(0);
  });

  it('reuses pages without carrying one invoice into the next', async () => {
    const pdfText = (pdf: Buffer) =>
      execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
    const first = await renderer.render('<p>Invoice for Asha Verma</p>');
    const second = await renderer.render('<p>Invoice for Rohan Mehta</p>');
    expect(pdfText(first)).toContain('Asha Verma');
    expect(pdfText(second)).toContain('Rohan Mehta');
    expect(pdfText(second)).not.toContain('Asha Verma');
  });

  it('renders several invoices at once within its page limit', async () => {
    const pdfs = await Promise.all(
      Array.from({ length: settings.maxConcurrentRenders * 2 }, (_, index) =>
        renderer.render(`<p>Invoice ${index}</p>`),
      ),
    );
    expect(pdfs.every((pdf) => pdf.subarray(0, 5).toString() === '%PDF-')).toBe(true);
  });

  it('launches a new browser when Chromium dies', async () => {
    const pid = await renderer.browserPid();
    expect(pid).toBeGreaterThan(0);
    process.kill(pid!, 'SIGKILL');
    const pdf = await renderer.render('<p>After the crash</p>');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await renderer.browserPid()).not.toBe(pid);
  });

  it('fails clearly when Chromium cannot start', async () => {
    const broken = new PdfRenderer({ ...settings, chromiumPath: '/nonexistent/chromium' });
    await expect(broken.render('<p>x</p>')).rejects.toThrow('Chromium could not start');
    await broken.close();
  });
});
