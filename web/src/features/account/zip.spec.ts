import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32, zip } from './zip';

const text = (value: string) => new TextEncoder().encode(value);

function hasPython(): boolean {
  try {
    execFileSync('python3', ['--version']);
    return true;
  } catch {
    return false;
  }
}

describe('zip', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(text('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it('writes an archive a standard reader opens, with every entry intact', () => {
    const entries = [
      { name: 'my-data.json', data: text('{"account":{"name":"Asha"}}') },
      { name: 'invoices/Invoice_INV-26-27-000001.pdf', data: text('%PDF-1.4 fake') },
    ];
    const archive = zip(entries, new Date(2026, 10, 25, 10, 30, 0));
    const view = new DataView(archive.buffer);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint16(archive.length - 22 + 10, true)).toBe(2);
    // Python's zipfile is an independent reader (and checks every CRC).
    expect(hasPython()).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'zip-spec-'));
    const file = join(dir, 'out.zip');
    writeFileSync(file, archive);
    const listing = execFileSync('python3', [
      '-c',
      'import sys, zipfile, json; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(json.dumps({n: z.read(n).decode() for n in z.namelist()}))',
      file,
    ]).toString();
    expect(JSON.parse(listing)).toEqual({
      'my-data.json': '{"account":{"name":"Asha"}}',
      'invoices/Invoice_INV-26-27-000001.pdf': '%PDF-1.4 fake',
    });
    expect(readFileSync(file).length).toBe(archive.length);
  });
});
