import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import { printHeaderOfFile, printHeaderOfPage } from './print-header.ts';

const property = (
  key: string,
  dataType: string,
  names: Record<string, string>,
  selectableValues: unknown[] = [],
) => ({
  key,
  displayNames: names,
  dataType,
  isInvariantCulture: false,
  selectableValues,
});

const page: Pick<ElementPage, 'element' | 'types'> = {
  element: {
    facetName: 'processes',
    id: 'p1',
    creationId: 'p1',
    type: 'process',
    state: 'inProcess',
    displayNames: {},
    attributes: {
      name: { '1033': 'Approve order', '1031': 'Auftrag freigeben' },
      version: { '127': '0.3' },
      description: { '1033': '<p>Long text</p>' },
      risk: { '127': 'high' },
      state1: { '127': 'inProcess' },
      area: { '1033': 'Sales' },
      empty: { '1033': ' ' },
    },
    related: {},
    rootPath: [],
    children: [],
  },
  types: [
    {
      key: 'process',
      displayNames: {},
      descriptions: {},
      properties: [
        property('name', 'Text', { '1033': 'Name' }),
        property('description', 'MultiLineText', { '1033': 'Description' }),
        property('risk', 'SelectionValue', { '1033': 'Risk' }, [
          { key: 'high', displayNames: { '1033': 'High risk' } },
        ]),
        property('state1', 'SelectionValue', { '1033': 'State' }, [
          { key: 'inProcess', displayNames: { '1033': 'In process' } },
        ]),
        property('area', 'Text', { '1033': 'Area' }),
        property('empty', 'Text', { '1033': 'Empty' }),
      ],
    },
  ],
};

test("the header has the element's name, translated state (once), version and its short attributes", () => {
  assert.deepEqual(printHeaderOfPage(page, 1033), {
    name: 'Approve order',
    state: 'In process',
    version: '0.3',
    attributes: [
      { label: 'Risk', value: 'High risk' },
      { label: 'Area', value: 'Sales' },
    ],
  });
  assert.equal(printHeaderOfPage(page, 1031).name, 'Auftrag freigeben');
});

test('a local file is headed by its name alone', () => {
  assert.deepEqual(printHeaderOfFile('Invoice check'), {
    name: 'Invoice check',
    state: null,
    version: null,
    attributes: [],
  });
});
