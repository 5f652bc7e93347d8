/**
 * The service's OperationResult body. Examples write type and output
 * capitalised ("Error", "Volatile"), so the emulator does too; clients are
 * told to compare case-insensitively.
 */
import type { FastifyReply } from 'fastify';

type ResultType = 'Critical' | 'Error' | 'Warning' | 'Success' | 'Unauthorized';
type ResultOutput = 'Volatile' | 'Permanent' | 'Dialog' | 'Inline';

export interface OperationResult {
  data: Array<{ error: string }>;
  message: string;
  output: ResultOutput;
  type: ResultType;
}

export function operationResult(
  type: ResultType,
  message: string,
  output: ResultOutput = 'Volatile',
): OperationResult {
  return { data: type === 'Success' ? [] : [{ error: message }], message, output, type };
}

export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  type: ResultType = 'Error',
): FastifyReply {
  return reply.code(status).send(operationResult(type, message, status === 401 ? 'Volatile' : 'Dialog'));
}

/** Thrown from helpers deep in a route; the server's error handler turns it into an OperationResult. */
export class ServiceError extends Error {
  readonly status: number;
  readonly resultType: ResultType;
  constructor(status: number, message: string, resultType: ResultType = 'Error') {
    super(message);
    this.status = status;
    this.resultType = resultType;
  }
}
