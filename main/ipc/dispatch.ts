import type { z } from 'zod';
import { isRequestChannel, requestChannels, type RequestChannel } from '../../shared/ipc/contract.ts';
import { LanesError, type IpcResult } from '../../shared/ipc/errors.ts';
import type { HandlerTable } from './handler-table.ts';
import type { Logger } from '../log/logger.ts';

/**
 * The single entry point for every renderer request, whatever carried it
 * (Electron IPC or the test harness). It never throws: unknown channels,
 * malformed payloads and handler failures all become typed error results.
 */
export async function dispatchRequest(
  handlers: HandlerTable,
  channel: unknown,
  payload: unknown,
  logger: Logger,
): Promise<IpcResult<unknown>> {
  if (!isRequestChannel(channel)) {
    const name = typeof channel === 'string' ? channel.slice(0, 80) : typeof channel;
    return failure(
      new LanesError({
        code: 'ipc.unknownChannel',
        message: `Unknown request channel "${name}".`,
        params: { channel: name },
      }),
    );
  }
  const spec = requestChannels[channel];
  const parsed = spec.request.safeParse(payload);
  if (!parsed.success) {
    return failure(
      new LanesError({
        code: 'ipc.invalidRequest',
        message: `The request to "${channel}" was not valid.`,
        params: { channel },
        details: describeIssues(parsed.error),
      }),
    );
  }
  try {
    const handler = handlers[channel] as (request: unknown) => Promise<unknown> | unknown;
    const value = await handler(parsed.data);
    return checkResponse(channel, value, logger);
  } catch (error) {
    if (error instanceof LanesError) return failure(error);
    logger.error(`Handler for ${channel} failed`, error);
    return failure(new LanesError({ code: 'internal', message: 'Something went wrong inside Lanes.' }));
  }
}

/** A handler returning the wrong shape is our bug; catch it here, not in the renderer. */
function checkResponse(channel: RequestChannel, value: unknown, logger: Logger): IpcResult<unknown> {
  const checked = requestChannels[channel].response.safeParse(value);
  if (checked.success) return { ok: true, value: checked.data };
  logger.error(`Handler for ${channel} returned an invalid response`, describeIssues(checked.error));
  return failure(
    new LanesError({
      code: 'ipc.invalidResponse',
      message: `The answer to "${channel}" was not valid.`,
      params: { channel },
    }),
  );
}

function failure(error: LanesError): IpcResult<never> {
  return { ok: false, error: error.toData() };
}

/** Field paths and reasons only: the offending values may hold secrets. */
function describeIssues(error: z.ZodError): string[] {
  return error.issues.slice(0, 10).map((issue) => {
    const path = issue.path.length > 0 ? issue.path.join('.') : '(request)';
    return `${path}: ${issue.message}`;
  });
}
