import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The text of a PDF as poppler's `pdftotext` reads it (what a reader's copy and search would find),
 * with runs of whitespace made one space, so a phrase split over table cells or lines still matches.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'e2e-pdf-'));
  try {
    const file = path.join(folder, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    return stdout.replace(/\s+/g, ' ').trim();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
