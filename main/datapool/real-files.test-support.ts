/**
 * Table files as people have them, byte for byte as the programs write them,
 * each with what it means (the typed values a pool must hold). Tests push
 * them unchanged and compare the pool's table cell by cell with `expected`.
 */

/** Windows-1252 as Excel writes it on Western European and American Windows (€ is 0x80). */
const CP1252_HIGH: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

export function cp1252(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (char) => {
      const code = char.codePointAt(0)!;
      if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
      const mapped = CP1252_HIGH[char];
      if (mapped === undefined) throw new Error(`${char} is not in Windows-1252`);
      return mapped;
    }),
  );
}

export function utf16(text: string, endian: 'LE' | 'BE', bom = true): Buffer {
  const le = Buffer.from((bom ? '\uFEFF' : '') + text, 'utf16le');
  if (endian === 'LE') return le;
  return le.swap16();
}

export type Typed = string | number | boolean | null;

export interface RealFile {
  name: string;
  bytes: Buffer;
  /** What Lanes should detect without being told. */
  charSet: string;
  separator: string;
  types: Record<string, string>;
  /** The table the pool must hold, keyed by the `id` column. */
  expected: Record<string, Typed>[];
}

const crlf = (lines: string[]): string => lines.join('\r\n') + '\r\n';

const PEOPLE = [
  {
    id: 1,
    name: 'Jürgen Müller',
    city: 'München',
    amount: 1234.56,
    day: '2026-03-01',
    at: '2026-03-01T14:30:00',
  },
  {
    id: 2,
    name: 'Zoë Brandt; Söhne',
    city: 'Köln',
    amount: -17.5,
    day: '2026-12-24',
    at: '2026-12-24T08:05:00',
  },
  {
    id: 3,
    name: 'Straße & „Größe“',
    city: 'Düsseldorf',
    amount: 1000000,
    day: '2026-01-13',
    at: '2026-01-13T23:59:00',
  },
  {
    id: 4,
    name: 'Ärger, "quoted"',
    city: 'Zürich',
    amount: 0.5,
    day: '2026-02-28',
    at: '2026-02-28T00:00:00',
  },
  {
    id: 5,
    name: 'Œuvre – 5 €',
    city: 'Saarbrücken',
    amount: 98765.43,
    day: '2026-07-04',
    at: '2026-07-04T12:00:00',
  },
];

const quoteIf = (text: string, separator: string): string =>
  text.includes(separator) || text.includes('"') || text.includes('\n')
    ? `"${text.replace(/"/g, '""')}"`
    : text;

const pad = (n: number): string => String(n).padStart(2, '0');
const parts = (iso: string): number[] => iso.split(/[-T:]/).map(Number);

/** German Excel, "CSV (Trennzeichen-getrennt)": Windows-1252, `;`, `1.234,56`, `01.03.2026`, CRLF. */
export function germanExcelCsv(): RealFile {
  const german = (n: number): string =>
    n.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });
  const date = (iso: string): string => {
    const [y, m, d] = parts(iso);
    return `${pad(d!)}.${pad(m!)}.${y}`;
  };
  const dateTime = (iso: string): string => {
    const [y, m, d, h, min] = parts(iso);
    return `${pad(d!)}.${pad(m!)}.${y} ${pad(h!)}:${pad(min!)}`;
  };
  const lines = [
    'id;Name;Ort;Betrag;Datum;Zeitpunkt',
    ...PEOPLE.map((p) =>
      [p.id, quoteIf(p.name, ';'), p.city, german(p.amount), date(p.day), dateTime(p.at)].join(';'),
    ),
  ];
  return {
    name: 'Umsätze Export.csv',
    bytes: cp1252(crlf(lines)),
    charSet: 'windows-1252',
    separator: ';',
    types: {
      id: 'INTEGER',
      Name: 'STRING',
      Ort: 'STRING',
      Betrag: 'FLOAT',
      Datum: 'DATE',
      Zeitpunkt: 'DATETIME',
    },
    expected: PEOPLE.map((p) => ({
      id: p.id,
      Name: p.name,
      Ort: p.city,
      Betrag: p.amount,
      Datum: p.day,
      Zeitpunkt: p.at,
    })),
  };
}

/** US Excel, "CSV (Comma delimited)": Windows-1252, `,`, `"1,234.56"`, `3/1/2026`, TRUE/FALSE, CRLF. */
export function usExcelCsv(): RealFile {
  const us = (n: number): string =>
    n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const date = (iso: string): string => {
    const [y, m, d] = parts(iso);
    return `${m}/${d}/${y}`;
  };
  const dateTime = (iso: string): string => {
    const [y, m, d, h, min] = parts(iso);
    return `${m}/${d}/${y} ${h}:${pad(min!)}`;
  };
  const lines = [
    'id,Customer,City,Amount,Order Date,Shipped At,Paid',
    ...PEOPLE.map((p) =>
      [
        p.id,
        quoteIf(p.name, ','),
        p.city,
        quoteIf(us(p.amount), ','),
        date(p.day),
        dateTime(p.at),
        p.id % 2 === 1 ? 'TRUE' : 'FALSE',
      ].join(','),
    ),
  ];
  return {
    name: 'orders.csv',
    bytes: cp1252(crlf(lines)),
    charSet: 'windows-1252',
    separator: ',',
    types: {
      id: 'INTEGER',
      Customer: 'STRING',
      City: 'STRING',
      Amount: 'FLOAT',
      'Order Date': 'DATE',
      'Shipped At': 'DATETIME',
      Paid: 'BOOLEAN',
    },
    expected: PEOPLE.map((p) => ({
      id: p.id,
      Customer: p.name,
      City: p.city,
      Amount: p.amount,
      'Order Date': p.day,
      'Shipped At': p.at,
      Paid: p.id % 2 === 1,
    })),
  };
}

/** LibreOffice Calc, "Text CSV" with "Quote all text cells": UTF-8 without a mark, `,`, ISO dates, LF. */
export function libreOfficeCsv(): RealFile {
  const lines = [
    '"id","Name","Stadt","Menge","Stichtag","Erfasst"',
    ...PEOPLE.map((p) =>
      [
        p.id,
        `"${p.name.replace(/"/g, '""')}"`,
        `"${p.city}"`,
        String(p.amount),
        p.day,
        p.at.replace('T', ' '),
      ].join(','),
    ),
  ];
  return {
    name: 'libreoffice.csv',
    bytes: Buffer.from(lines.join('\n') + '\n', 'utf8'),
    charSet: 'UTF-8',
    separator: ',',
    types: {
      id: 'INTEGER',
      Name: 'STRING',
      Stadt: 'STRING',
      Menge: 'FLOAT',
      Stichtag: 'DATE',
      Erfasst: 'DATETIME',
    },
    expected: PEOPLE.map((p) => ({
      id: p.id,
      Name: p.name,
      Stadt: p.city,
      Menge: p.amount,
      Stichtag: p.day,
      Erfasst: p.at,
    })),
  };
}

/** A database dump (PostgreSQL `COPY … (FORMAT csv, DELIMITER E'\t', HEADER)`): UTF-8, tab, NULL as empty. */
export function databaseDumpTsv(): RealFile {
  const lines = [
    'id\tname\tcity\tscore\tcreated\tactive\tnote',
    ...PEOPLE.map((p) =>
      [
        p.id,
        quoteIf(p.name, '\t'),
        p.city,
        (p.amount / 7).toFixed(6),
        `${p.at.replace('T', ' ')}`,
        p.id % 2 === 0 ? 'true' : 'false',
        p.id === 3 ? '' : `Notiz ${p.id}`,
      ].join('\t'),
    ),
  ];
  return {
    name: 'dump.tsv',
    bytes: Buffer.from(lines.join('\n') + '\n', 'utf8'),
    charSet: 'UTF-8',
    separator: '\t',
    types: {
      id: 'INTEGER',
      name: 'STRING',
      city: 'STRING',
      score: 'FLOAT',
      created: 'DATETIME',
      active: 'BOOLEAN',
      note: 'STRING',
    },
    expected: PEOPLE.map((p) => ({
      id: p.id,
      name: p.name,
      city: p.city,
      score: Number((p.amount / 7).toFixed(6)),
      created: p.at,
      active: p.id % 2 === 0,
      note: p.id === 3 ? null : `Notiz ${p.id}`,
    })),
  };
}

/** Excel's "Unicode Text (*.txt)": UTF-16 little-endian with a mark, tab, German numbers, CRLF. */
export function excelUnicodeText(endian: 'LE' | 'BE' = 'LE'): RealFile {
  const german = (n: number): string =>
    n.toLocaleString('de-DE', { maximumFractionDigits: 2, useGrouping: false });
  const lines = [
    'id\tName\tWert',
    ...PEOPLE.map((p) => [p.id, quoteIf(p.name, '\t'), german(p.amount)].join('\t')),
  ];
  return {
    name: `unicode-${endian}.txt`,
    bytes: utf16(crlf(lines), endian),
    charSet: `UTF-16${endian}`,
    separator: '\t',
    types: { id: 'INTEGER', Name: 'STRING', Wert: 'FLOAT' },
    expected: PEOPLE.map((p) => ({ id: p.id, Name: p.name, Wert: p.amount })),
  };
}

/**
 * A database's tab-separated export that never quotes (MySQL's `SELECT … INTO
 * OUTFILE`, PostgreSQL's `COPY … TO` in text format): inch marks and quotes
 * stand in the values as they are (`21" monitor`, `5 x 3/4" pipe`), even at a
 * value's start (`"Best" seller`); LF line ends, UTF-8, empty for NULL.
 */
export function unquotedExportTsv(): RealFile {
  const items = [
    { id: 1, name: '21" monitor', note: 'Größe 21"', qty: 2 },
    { id: 2, name: '5 x 3/4" pipe', note: 'Rohr, verzinkt', qty: 10 },
    { id: 3, name: '"Best" seller', note: 'say "hi"', qty: 1 },
    { id: 4, name: 'Zoll (")', note: null, qty: 0 },
    { id: 5, name: 'Übergröße 3\' 6"', note: '"', qty: 7 },
  ];
  const lines = [
    'id\tname\tnote\tqty',
    ...items.map((item) => [item.id, item.name, item.note ?? '', item.qty].join('\t')),
  ];
  return {
    name: 'inventory-export.tsv',
    bytes: Buffer.from(lines.join('\n') + '\n', 'utf8'),
    charSet: 'UTF-8',
    separator: '\t',
    types: { id: 'INTEGER', name: 'STRING', note: 'STRING', qty: 'INTEGER' },
    expected: items,
  };
}
