import type { ParsedRequestOf, RequestChannel, ResponseOf } from '../../shared/ipc/contract.ts';

/** One handler per request channel; the compiler insists that none is missing. */
export type HandlerTable = {
  [C in RequestChannel]: (request: ParsedRequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C>;
};
