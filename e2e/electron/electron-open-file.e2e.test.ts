import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron } from 'playwright';
import { findElectronBinary } from '../../scripts/electron-binary.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const binary = findElectronBinary(root);

const diagram = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" id="Definitions_argv" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="Process_argv" isExecutable="false"><bpmn:task id="Task_argv" name="From argv" /></bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_argv">
    <bpmndi:BPMNPlane id="Plane_argv" bpmnElement="Process_argv">
      <bpmndi:BPMNShape id="Task_argv_di" bpmnElement="Task_argv"><dc:Bounds x="200" y="100" width="100" height="80" /></bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

/**
 * `lanes file.bpmn` in the real app: the file named on the command line opens
 * in a tab. Skipped (with the reason) where no Electron binary exists; the same
 * path is covered in Chromium by e2e/open-from-os.e2e.test.ts.
 */
test(
  'Electron: a .bpmn file named on the command line opens in a tab',
  { skip: binary.found ? false : `Electron e2e skipped: ${binary.reason}` },
  async () => {
    if (!binary.found) return;
    const dataDir = mkdtempSync(join(tmpdir(), 'lanes-electron-argv-'));
    const file = join(dataDir, 'from-argv.bpmn');
    writeFileSync(file, diagram);
    const app = await electron.launch({
      executablePath: binary.path,
      args: [root, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), file],
      env: { ...process.env, LANES_HOME: dataDir },
    });
    try {
      const page = await app.firstWindow();
      await page.locator('[data-element-id="Task_argv"]').waitFor({ timeout: 30_000 });
      assert.equal(await page.getByTestId('editor-tab-select').count(), 1);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
