import { eventChannels, type EventChannel, type EventOf } from '../../shared/ipc/contract.ts';

/** Where main→renderer events go: Electron webContents or the test harness page. */
export type EventSink = (event: EventChannel, payload: unknown) => void;

export interface EventEmitter {
  emit<E extends EventChannel>(event: E, payload: EventOf<E>): void;
}

/** Validates every event against the contract before it leaves main. */
export function createEventEmitter(sink: EventSink): EventEmitter {
  return {
    emit(event, payload) {
      sink(event, eventChannels[event].parse(payload));
    },
  };
}
