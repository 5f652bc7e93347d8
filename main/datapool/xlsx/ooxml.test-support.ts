/**
 * Real .xlsx files for tests, written the way Excel writes them (OOXML parts
 * in a deflated zip: shared strings, styles with date formats, formulas with
 * their saved results, merged cells), not by the library that reads them.
 */
import { writeFileSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';

export type XCell =
  | string
  | number
  | boolean
  | null
  | { date: string }
  | { dateTime: string }
  | { time: string }
  | { formula: string; result: number | string }
  | { formula: string }
  | { error: string };

export interface XSheet {
  name: string;
  rows: XCell[][];
  /** Ranges like "B1:D1". */
  merges?: string[];
}

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const letter = (index: number): string => {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
};

/** Excel's day number (1900 date system) of an ISO date or date-time, local calendar, no zone. */
function serial(iso: string): number {
  const [date, time = '00:00:00'] = iso.split('T');
  const [y, m, d] = date!.split('-').map(Number);
  const [h, min, s] = time.split(':').map(Number);
  const days = (Date.UTC(y!, m! - 1, d!) - Date.UTC(1899, 11, 30)) / 86_400_000;
  return days + (h! * 3600 + min! * 60 + (s ?? 0)) / 86_400;
}

/** Styles: 0 general, 1 date (14), 2 date and time (22), 3 time (21), 4 German custom date, 5 #,##0.00. */
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts>
<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="1"><fill><patternFill patternType="none"/></fill></fills>
<borders count="1"><border/></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="6">
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>
<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="22" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="21" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
</cellXfs>
</styleSheet>`;

function sheetXml(sheet: XSheet, strings: Map<string, number>): string {
  const shared = (text: string): number => {
    if (!strings.has(text)) strings.set(text, strings.size);
    return strings.get(text)!;
  };
  const width = Math.max(1, ...sheet.rows.map((r) => r.length));
  const rows = sheet.rows
    .map((row, r) => {
      const cells = row
        .map((cell, c) => {
          const ref = `${letter(c)}${r + 1}`;
          if (cell === null) return '';
          if (typeof cell === 'string') return `<c r="${ref}" t="s"><v>${shared(cell)}</v></c>`;
          if (typeof cell === 'number')
            return `<c r="${ref}"${Number.isInteger(cell) ? '' : ' s="5"'}><v>${cell}</v></c>`;
          if (typeof cell === 'boolean') return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
          if ('date' in cell) return `<c r="${ref}" s="1"><v>${serial(cell.date)}</v></c>`;
          if ('dateTime' in cell) return `<c r="${ref}" s="2"><v>${serial(cell.dateTime)}</v></c>`;
          if ('time' in cell) return `<c r="${ref}" s="3"><v>${serial(`1899-12-30T${cell.time}`)}</v></c>`;
          if ('error' in cell) return `<c r="${ref}" t="e"><v>${escape(cell.error)}</v></c>`;
          if ('result' in cell)
            return typeof cell.result === 'number'
              ? `<c r="${ref}"><f>${escape(cell.formula)}</f><v>${cell.result}</v></c>`
              : `<c r="${ref}" t="str"><f>${escape(cell.formula)}</f><v>${escape(cell.result)}</v></c>`;
          return `<c r="${ref}"><f>${escape(cell.formula)}</f></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  const dimension = sheet.rows.length > 0 ? `A1:${letter(width - 1)}${sheet.rows.length}` : 'A1';
  const merges = sheet.merges?.length
    ? `<mergeCells count="${sheet.merges.length}">${sheet.merges.map((m) => `<mergeCell ref="${m}"/>`).join('')}</mergeCells>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><dimension ref="${dimension}"/><sheetData>${rows}</sheetData>${merges}</worksheet>`;
}

export function xlsxBytes(sheets: XSheet[]): Buffer {
  const strings = new Map<string, number>();
  const sheetParts = sheets.map((sheet) => sheetXml(sheet, strings));
  const parts: [string, string][] = [
    [
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets
        .map(
          (_, i) =>
            `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join(
          '',
        )}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><workbookPr/><sheets>${sheets
        .map((s, i) => `<sheet name="${escape(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
        .map(
          (_, i) =>
            `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join(
          '',
        )}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId${sheets.length + 2}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', STYLES],
    ...sheetParts.map((xml, i): [string, string] => [`xl/worksheets/sheet${i + 1}.xml`, xml]),
    [
      'xl/sharedStrings.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.size}" uniqueCount="${strings.size}">${[
        ...strings.keys(),
      ]
        .map((text) => `<si><t xml:space="preserve">${escape(text)}</t></si>`)
        .join('')}</sst>`,
    ],
  ];
  return zip(parts.map(([name, text]) => [name, Buffer.from(text, 'utf8')]));
}

export function writeXlsx(path: string, sheets: XSheet[]): void {
  writeFileSync(path, xlsxBytes(sheets));
}

/** A zip archive of deflated entries; `declared` lets a test lie about an entry's unpacked size. */
export function zip(entries: [string, Buffer][], declared?: (name: string, size: number) => number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const size = declared ? declared(name, data.length) : data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
