/**
 * The main-side services in a process of their own, so that a test can kill
 * them (SIGKILL: nothing flushed, as in a crash) and start them again on the
 * same data folder. Every renderer request and every event crosses Node's IPC
 * channel; see main-child-protocol.ts.
 */
import { createMainServices, type MainServices } from '../../main/app/main-services.ts';
import { createLogger } from '../../main/log/logger.ts';
import type { Connection } from '../../main/profiles/connection-fields.ts';
import { MemorySecretStore } from '../../main/profiles/secret-store.ts';
import type { ChildStart, FromChild, ToChild } from './main-child-protocol.ts';
import type { HarnessFileDialogs } from './scripted-file-dialogs.ts';

const send = (message: FromChild): void => {
  if (process.connected) process.send!(message);
};

/** Every change is reported to the harness, which hands the lot to the next child. */
class ReportingSecretStore extends MemorySecretStore {
  constructor(initial: [string, Connection][]) {
    super();
    for (const [profile, secrets] of initial) super.save(profile, secrets);
  }

  override save(profile: string, secrets: Connection): void {
    super.save(profile, secrets);
    send({ type: 'secrets', profile, secrets: this.load(profile) });
  }

  override remove(profile: string): void {
    super.remove(profile);
    send({ type: 'secrets', profile, secrets: null });
  }
}

const pendingDialogs = new Map<number, (answer: string | null) => void>();
let nextDialogId = 1;

function askHarness(question: Omit<Extract<FromChild, { type: 'dialog' }>, 'type' | 'id'>) {
  const id = nextDialogId++;
  return new Promise<string | null>((resolve) => {
    pendingDialogs.set(id, resolve);
    send({ type: 'dialog', id, ...question });
  });
}

const remoteDialogs: HarnessFileDialogs = {
  chooseBpmnToOpen: () => askHarness({ kind: 'open' }),
  chooseCsvToOpen: () => askHarness({ kind: 'open' }),
  chooseTranslationToOpen: () => askHarness({ kind: 'open' }),
  chooseSaveLocation: (suggestedName, format) => askHarness({ kind: 'save', suggestedName, format }),
};

function start(message: ChildStart): MainServices {
  return createMainServices({
    identity: { name: 'Lanes', version: message.version, transport: 'harness' },
    dataDir: message.dataDir,
    locale: message.locale,
    logger: createLogger('test', (line) => send({ type: 'log', line })),
    secrets: new ReportingSecretStore(message.secrets),
    demoEmulator: message.demoEmulator,
    events: (name, payload) => send({ type: 'event', name, payload }),
    ...(message.fileDialogs ? { fileDialogs: remoteDialogs } : {}),
  });
}

let services: MainServices | undefined;

process.on('message', (message: ToChild) => {
  switch (message.type) {
    case 'start':
      services = start(message);
      send({ type: 'ready' });
      break;
    case 'request':
      void services!
        .dispatch(message.channel, message.payload)
        .then((result) => send({ type: 'response', id: message.id, result }));
      break;
    case 'dialogAnswer':
      pendingDialogs.get(message.id)?.(message.answer);
      pendingDialogs.delete(message.id);
      break;
    case 'dispose':
      services?.dispose();
      process.disconnect();
      break;
  }
});

// The harness is gone (test ended or crashed): do not linger as an orphan.
process.on('disconnect', () => {
  services?.dispose();
  setTimeout(() => process.exit(0), 500).unref();
});
