/**
 * Drives the BPMN editor in the page the way a modeler does (clicks on the
 * canvas, the context pad, direct editing, Ctrl+S, the toolbar), and reads the
 * service's side of the story straight from the emulator's BPMN export.
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright';
import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import type { EmulatorConfig } from '../../emulator/context.ts';

export interface FlowNode {
  id: string;
  type: string;
  name: string;
  source?: string;
  target?: string;
}

const moddle = new BpmnModdle();

/** Every flow element of every process, sub-processes included, by id. */
export async function flowElementsOf(xml: string): Promise<Map<string, FlowNode>> {
  const { rootElement } = await moddle.fromXML(xml, 'bpmn:Definitions');
  const found = new Map<string, FlowNode>();
  const visit = (container: ModdleElement): void => {
    for (const child of (container.flowElements as ModdleElement[] | undefined) ?? []) {
      const source = (child.sourceRef as ModdleElement | undefined)?.id as string | undefined;
      const target = (child.targetRef as ModdleElement | undefined)?.id as string | undefined;
      found.set(child.id as string, {
        id: child.id as string,
        type: child.$type,
        name: (child.name as string | undefined) ?? '',
        ...(source ? { source } : {}),
        ...(target ? { target } : {}),
      });
      visit(child);
    }
  };
  for (const root of (rootElement.rootElements as ModdleElement[] | undefined) ?? []) visit(root);
  return found;
}

/** The BPMN the service now has for a process (GET …/_api/v1/bpmn/{id}). */
export async function serviceBpmn(config: EmulatorConfig, id: string, lcid = 1033): Promise<string> {
  const url = `${config.processBaseUrl}/${config.collectionId}/${config.storageId}/_api/v1/bpmn/${id}?lcid=${lcid}&svc-auth-token=${config.bpmnToken}`;
  const response = await fetch(url);
  assert.equal(response.status, 200, `export of ${id}`);
  return response.text();
}

/** The id of the first plain task of a process, as the service exports it. */
export async function firstTaskOf(config: EmulatorConfig, id: string): Promise<string> {
  const nodes = [...(await flowElementsOf(await serviceBpmn(config, id))).values()];
  const task = nodes.find((node) => node.type === 'bpmn:Task');
  assert.ok(task, `${id} has a task`);
  return task.id;
}

/** Another client changes the process on the service: the export with `edit` applied, imported back. */
export async function changeOnService(
  config: EmulatorConfig,
  id: string,
  edit: (definitions: ModdleElement) => void,
  lcid = 1033,
): Promise<void> {
  const { rootElement } = await moddle.fromXML(await serviceBpmn(config, id, lcid), 'bpmn:Definitions');
  edit(rootElement);
  const { xml } = await moddle.toXML(rootElement, { format: true });
  const url = `${config.processBaseUrl}/${config.collectionId}/${config.storageId}/_api/v1/bpmn/${id}?lcid=${lcid}&svc-auth-token=${config.bpmnToken}`;
  const response = await fetch(url, {
    method: 'POST',
    body: xml,
    headers: { 'content-type': 'application/xml' },
  });
  assert.equal(response.status, 200, `import by another client: ${await response.text()}`);
}

/** Renames one flow element inside parsed definitions (for `changeOnService`). */
export function renameIn(definitions: ModdleElement, id: string, name: string): void {
  const visit = (container: ModdleElement): boolean => {
    for (const child of (container.flowElements as ModdleElement[] | undefined) ?? []) {
      if (child.id === id) {
        child.name = name;
        return true;
      }
      if (visit(child)) return true;
    }
    return false;
  };
  const hit = ((definitions.rootElements as ModdleElement[] | undefined) ?? []).some(visit);
  assert.ok(hit, `${id} is in the diagram`);
}

export class EditorDriver {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get panel(): Locator {
    return this.page.locator('lanes-editor-tab:visible [data-testid=editor-tab-panel]');
  }

  get canvas(): Locator {
    return this.page.locator('lanes-editor-tab:visible [data-testid=bpmn-canvas]');
  }

  /** Opens (or focuses) the process's tab and waits until bpmn-js has imported it. */
  async open(id: string, facet = 'processes', view = 'processList'): Promise<void> {
    await this.page.evaluate((hash) => (location.hash = hash), `#/edit/${facet}/${view}/${id}`);
    await this.page.locator(`[data-testid=editor-tab-select][data-tab-key$=":${id}"]`).waitFor();
    await this.page
      .locator('lanes-editor-tab:visible [data-testid=editor-tab-panel][data-phase=ready]')
      .waitFor({ timeout: 30_000 });
  }

  shape(id: string): Locator {
    return this.canvas.locator(`g.djs-element[data-element-id="${id}"]`);
  }

  /**
   * Selects a shape with a click where it is on top, and waits for its context pad. On a loaded
   * machine the first click after the tab changed (a banner shown, lint's overlays redrawn) was seen
   * to select nothing: it is clicked again, a few times at most.
   */
  async selectWithContextPad(id: string): Promise<void> {
    const page = this.page;
    const pad = page.locator('lanes-editor-tab:visible .djs-context-pad.open');
    for (let attempt = 1; ; attempt++) {
      // Away first: clicking the element already selected (its pad closed by a popup) opens nothing.
      await page.keyboard.press('Escape');
      const canvas = await this.canvas.boundingBox();
      assert.ok(canvas, 'the canvas is shown');
      await page.mouse.click(canvas.x + canvas.width / 2, canvas.y + 6);
      // A point where the shape itself is on top (lint badges and labels cover parts of small shapes).
      const at = await this.#pointOn(id);
      assert.ok(at, `${id} can be clicked`);
      await page.mouse.click(at.x, at.y);
      try {
        await pad.waitFor({ timeout: attempt < 3 ? 3_000 : 30_000 });
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }

  /** Ids drawn on the canvas (labels excluded). */
  async drawnIds(): Promise<string[]> {
    const ids = await this.canvas
      .locator('g.djs-element[data-element-id]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-element-id') ?? ''));
    return ids.filter((id) => id && !id.endsWith('_label'));
  }

  /**
   * Drags a task from the palette onto a sequence flow: bpmn-js splits the
   * flow, so the diagram gains one task and one flow and stays well formed.
   */
  async insertTaskInto(flowId: string, name: string): Promise<{ task: string; flow: string }> {
    const line = await this.canvas.locator(`g.djs-connection[data-element-id="${flowId}"]`).boundingBox();
    assert.ok(line, `${flowId} is drawn`);
    const added = await this.#dropTask({ x: line.x + line.width / 2, y: line.y + line.height / 2 }, name);
    assert.equal(added.length, 2, `one task and one flow were added, got ${added.join(', ')}`);
    const flow = added.find((x) => /flow/i.test(x)) ?? added[1]!;
    return { task: added.find((x) => x !== flow)!, flow };
  }

  /** A named task on empty canvas, connected to nothing (a lint error: it is disconnected). */
  async dropLooseTask(name: string): Promise<string> {
    const canvas = await this.canvas.boundingBox();
    assert.ok(canvas, 'the canvas is shown');
    const added = await this.#dropTask(
      { x: canvas.x + canvas.width * 0.4, y: canvas.y + canvas.height - 90 },
      name,
    );
    assert.equal(added.length, 1, `one task was added, got ${added.join(', ')}`);
    return added[0]!;
  }

  /** Palette, drag, drop, then type the name: bpmn-js starts editing a new task's label at once. */
  async #dropTask(at: { x: number; y: number }, name: string): Promise<string[]> {
    const before = new Set(await this.drawnIds());
    await this.page
      .locator('lanes-editor-tab:visible .djs-palette .entry[data-action="create.task"]')
      .hover();
    await this.page.mouse.down();
    await this.page.mouse.move(at.x - 40, at.y, { steps: 5 });
    await this.page.mouse.move(at.x, at.y, { steps: 5 });
    await this.page.mouse.up();
    await this.page.locator('.djs-direct-editing-parent').waitFor();
    await this.page.keyboard.type(name);
    await this.page.keyboard.press('Enter');
    return (await this.drawnIds()).filter((x) => !before.has(x));
  }

  /**
   * A point where the shape itself is on top, or null. A long diagram fitted
   * into the canvas is drawn small, and lint's badges (fixed size) or a
   * neighbour dropped close by can then cover much of a task.
   */
  async #pointOn(id: string): Promise<{ x: number; y: number } | null> {
    return this.shape(id).evaluate((shape, elementId) => {
      const box = shape.getBoundingClientRect();
      for (const fy of [0.5, 0.7, 0.3, 0.85, 0.15])
        for (const fx of [0.5, 0.7, 0.3, 0.85, 0.15]) {
          const x = box.left + box.width * fx;
          const y = box.top + box.height * fy;
          const hit = document.elementFromPoint(x, y)?.closest('g.djs-element');
          if (hit?.getAttribute('data-element-id') === elementId) return { x, y };
        }
      return null;
    }, id);
  }

  /** Double-click, type, Enter: bpmn-js's direct editing. */
  async rename(id: string, name: string): Promise<void> {
    const at = await this.#pointOn(id);
    // Covered entirely (a tiny task under its lint badge): the double-click goes to the shape's own
    // hit area, which is what bpmn-js listens on.
    if (at) await this.page.mouse.dblclick(at.x, at.y);
    else await this.shape(id).locator('.djs-hit').first().dispatchEvent('dblclick');
    const editing = this.page.locator('.djs-direct-editing-parent');
    await editing.waitFor();
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.page.keyboard.type(name);
    await this.page.keyboard.press('Enter');
    await editing.waitFor({ state: 'hidden' });
  }

  /** Ctrl+S on the canvas; resolves when the tab is clean and shows the draft marker. */
  async saveDraft(): Promise<void> {
    await this.canvas.click({ position: { x: 5, y: 5 } });
    await this.page.keyboard.press('ControlOrMeta+s');
    await this.page
      .locator('lanes-editor-tab:visible [data-testid=editor-source][data-source=draft]')
      .waitFor();
    await this.page
      .locator('[data-testid=editor-tab-select][aria-selected=true] [data-testid=editor-dirty]')
      .waitFor({
        state: 'detached',
      });
  }

  /** Publish; lint warnings are accepted. Returns the outcome the tab shows. */
  async publish(): Promise<string> {
    await this.page.locator('lanes-editor-tab:visible [data-testid=editor-publish]').click();
    const result = this.page.locator('lanes-editor-tab:visible [data-testid=editor-publish-result]');
    const warnings = this.page.locator(
      'lanes-editor-tab:visible [data-testid=editor-warnings-dialog] [data-role=confirm]',
    );
    const conflict = this.page.locator('lanes-editor-tab:visible [data-testid=editor-conflict-banner]');
    await Promise.race([result.waitFor(), warnings.waitFor(), conflict.waitFor()]);
    if (await warnings.isVisible()) await warnings.click();
    await Promise.race([result.waitFor(), conflict.waitFor()]);
    if (await conflict.isVisible()) return 'conflict';
    return (await result.getAttribute('data-outcome')) ?? '';
  }
}
