// npm run bench:pdf — invoice PDFs with a warm browser: throughput, render time and peak memory.
// What one worker process does per job (build the invoice HTML from a bill, render it to a PDF on a
// new page of its one warm Chromium), N times at a fixed concurrency. Memory is sampled from /proc:
// this process's RSS, and the RSS and PSS (RSS with shared pages divided among the processes sharing
// them, so it can be summed) of the Chromium process tree.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { loadConfig } from '../src/config.js';
import { parseBillInput, priceBill } from '../src/domain/bill-input.js';
import type { Bill } from '../src/domain/bill.js';
import { invoiceView } from '../src/domain/invoice-view.js';
import { invoiceHtml } from '../src/domain/invoice-template.js';
import { PdfRenderer } from '../src/integrations/pdf-renderer.js';

const invoices = Number(process.env.BENCH_INVOICES ?? 100);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 3);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const targetP95Ms = 400;
const targetPerSecond = 5;

const config = loadConfig({
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://bench@127.0.0.1/unused',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:56379',
  KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
  PDF_MAX_CONCURRENT_RENDERS: String(concurrency),
});

const SERVICES = ['Swedish Massage', 'Deep Tissue Massage', 'Classic Facial', 'Hair Spa', 'Foot Reflexology'];
const PRODUCTS = [
  'Lavender Essential Oil',
  'Herbal Shampoo',
  'Sandalwood Soap',
  'Aloe Face Cream',
  'Bath Salt',
];

/** A realistic bill of 2 to 12 lines with varied rates and amounts (some into lakhs). */
function sampleBill(index: number): Bill {
  const lineCount = 2 + (index % 11);
  const priced = priceBill(
    parseBillInput({
      name: `Guest ${index} Sharma`,
      phone: '+91 98765 43210',
      email: `guest${index}@example.com`,
      customerId: `CUST-${1000 + index}`,
      gender: 'Female',
      date: '2026-11-21',
      roomNo: String(1 + (index % 20)),
      services: Array.from({ length: Math.ceil(lineCount / 2) }, (_, line) => ({
        serviceName: SERVICES[(index + line) % SERVICES.length],
        duration: '60 Min',
        staffAssigned: 'Meera',
        price: 999.5 + line * 1234.25 + (index % 3) * 50_000,
        gst: [5, 18, 12][line % 3],
        discount: line % 4 === 0 ? 0 : 7.5,
      })),
      products: Array.from({ length: Math.floor(lineCount / 2) }, (_, line) => ({
        productName: PRODUCTS[(index + line) % PRODUCTS.length],
        quantity: 1 + (line % 3),
        unitPrice: 349.99 + line * 100,
        gst: 18,
        discount: 5,
      })),
      discountPercent: 5,
      paymentMethod: 'UPI',
      advanceAmount: 500,
    }),
  );
  const now = new Date();
  return {
    ...priced,
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    invoiceNumber: `INV/26-27/${String(index + 1).padStart(6, '0')}`,
    financialYear: '2026-27',
    services: priced.services.map((line, position) => ({ ...line, id: `s${position}` })),
    products: priced.products.map((line, position) => ({ ...line, id: `p${position}` })),
    subTotal: priced.totals.subTotal,
    discountAmount: priced.totals.discountAmount,
    totalPrice: priced.totals.totalPrice,
    revision: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: { id: 'bench', name: 'Bench' },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function statusKiB(pid: number | string, file: 'status' | 'smaps_rollup', field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/${file}`, 'utf8'),
    );
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // the process ended between listing and reading
  }
}

/** The browser and every process under it (renderers, GPU, utility). */
function processTree(rootPid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // gone already
    }
  }
  const tree = [rootPid];
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parentOf) {
      if (tree.includes(parent) && !tree.includes(pid)) {
        tree.push(pid);
        grew = true;
      }
    }
  }
  return tree;
}

/** CPU seconds (user + system, including reaped children) spent by a process tree so far. */
function treeCpuSeconds(rootPid: number): number {
  const ticksPerSecond = 100; // USER_HZ on Linux
  return (
    processTree(rootPid).reduce((sum, pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // utime, stime, cutime, cstime are fields 14 to 17 of stat (11 to 14 after the name)
        return sum + fields.slice(11, 15).reduce((total, value) => total + Number(value), 0);
      } catch {
        return sum;
      }
    }, 0) / ticksPerSecond
  );
}

const renderer = new PdfRenderer(config.pdf);
const launchStarted = Date.now();
await renderer.warmUp();
const launchMs = Date.now() - launchStarted;
const browserPid = (await renderer.browserPid())!;

const bills = Array.from({ length: invoices + warmup }, (_, index) => sampleBill(index));
const renderOne = async (bill: Bill) => {
  const started = performance.now();
  const pdf = await renderer.render(invoiceHtml(invoiceView(bill, config.business)));
  return { ms: performance.now() - started, bytes: pdf.length };
};
for (const bill of bills.slice(0, warmup)) await renderOne(bill);

const peak = { nodeRss: 0, chromiumRss: 0, chromiumPss: 0, chromiumProcesses: 0 };
// Sampling reads /proc, which costs CPU of its own: it runs every 250 ms and its time is kept apart
// so the CPU per invoice below is the rendering's alone.
let samplerCpuMs = 0;
const sample = () => {
  const before = process.cpuUsage();
  peak.nodeRss = Math.max(peak.nodeRss, process.memoryUsage().rss / 1024);
  const tree = processTree(browserPid);
  peak.chromiumProcesses = Math.max(peak.chromiumProcesses, tree.length);
  peak.chromiumRss = Math.max(
    peak.chromiumRss,
    tree.reduce((sum, pid) => sum + statusKiB(pid, 'status', 'VmRSS'), 0),
  );
  peak.chromiumPss = Math.max(
    peak.chromiumPss,
    tree.reduce((sum, pid) => sum + statusKiB(pid, 'smaps_rollup', 'Pss'), 0),
  );
  const spent = process.cpuUsage(before);
  samplerCpuMs += (spent.user + spent.system) / 1000;
};
sample();
const sampler = setInterval(sample, 250);

const cpuBefore = { node: process.cpuUsage(), chromium: treeCpuSeconds(browserPid) };
const queue = bills.slice(warmup);
const timings: number[] = [];
let bytes = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let bill = queue.shift(); bill; bill = queue.shift()) {
      const result = await renderOne(bill);
      timings.push(result.ms);
      bytes += result.bytes;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const nodeCpu = process.cpuUsage(cpuBefore.node);
const cpu = {
  node: (nodeCpu.user + nodeCpu.system) / 1e6 - samplerCpuMs / 1000,
  chromium: treeCpuSeconds(browserPid) - cpuBefore.chromium,
};
clearInterval(sampler);
sample();
await renderer.close();

const sorted = [...timings].sort((a, b) => a - b);
const p95 = percentile(sorted, 95);
const perSecond = invoices / seconds;
const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;
console.log(
  `invoice PDFs: ${invoices} at concurrency ${concurrency} (after ${warmup} warm-up), browser launch ${launchMs} ms`,
);
console.log(
  `  throughput   ${perSecond.toFixed(1)} invoices/s (${seconds.toFixed(1)} s), avg ${(bytes / invoices / 1024).toFixed(0)} KiB each`,
);
console.log(
  `  render ms    p50 ${percentile(sorted, 50).toFixed(0)}  p95 ${p95.toFixed(0)}  p99 ${percentile(sorted, 99).toFixed(0)}  max ${sorted.at(-1)!.toFixed(0)}`,
);
const cpuPerInvoiceMs = ((cpu.node + cpu.chromium) * 1000) / invoices;
console.log(
  `  CPU          ${cpuPerInvoiceMs.toFixed(0)} ms per invoice (node ${((cpu.node * 1000) / invoices).toFixed(0)}, Chromium ${((cpu.chromium * 1000) / invoices).toFixed(0)}); load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
);
console.log(
  `  peak memory  node RSS ${mib(peak.nodeRss)}; Chromium (${peak.chromiumProcesses} processes) RSS ${mib(peak.chromiumRss)}, PSS ${mib(peak.chromiumPss)}`,
);
console.log(
  `  target       p95 < ${targetP95Ms} ms: ${p95 < targetP95Ms ? 'met' : 'MISSED'}; >= ${targetPerSecond}/s: ${perSecond >= targetPerSecond ? 'met' : 'MISSED'}`,
);
