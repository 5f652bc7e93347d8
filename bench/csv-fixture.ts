/**
 * The push benchmarks' input: a CSV of customers with a quoted field holding
 * a comma (so the scanner's quoting is exercised), written as a stream.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export async function writeCustomerCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write('id,name,amount,day\n');
  for (let i = 1; i <= rows; i++) {
    const line = `${i},"Customer ${i}, ltd.",${(i * 1.25).toFixed(2)},2026-01-${String((i % 28) + 1).padStart(2, '0')}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
