/**
 * The messages between the harness and the main side it runs in a child
 * process (e2e/harness/main-child.ts), over Node's IPC channel.
 */
import type { Connection } from '../../main/profiles/connection-fields.ts';
import type { EmulatorLaunch } from '../../main/demo/emulator-process.ts';
import type { IpcResult } from '../../shared/ipc/errors.ts';

export interface ChildStart {
  type: 'start';
  dataDir: string;
  locale: string;
  version: string;
  secrets: [string, Connection][];
  demoEmulator: EmulatorLaunch;
  /** Whether main gets file dialogs (answered by the harness's scripted dialogs). */
  fileDialogs: boolean;
}

export type ToChild =
  | ChildStart
  | { type: 'request'; id: number; channel: unknown; payload: unknown }
  | { type: 'dialogAnswer'; id: number; answer: string | null }
  | { type: 'dispose' };

export type FromChild =
  | { type: 'ready' }
  | { type: 'response'; id: number; result: IpcResult<unknown> }
  | { type: 'event'; name: string; payload: unknown }
  | { type: 'log'; line: string }
  | { type: 'secrets'; profile: string; secrets: Connection | null }
  | {
      type: 'dialog';
      id: number;
      kind: 'open' | 'save';
      suggestedName?: string;
      format?: 'bpmn' | 'svg' | 'png' | 'pdf' | 'csv' | 'xliff';
    };
