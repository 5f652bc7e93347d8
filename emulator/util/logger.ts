/** Logs are JSON lines on stderr: stdout carries only the ready line. */
export interface Logger {
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  error(message: string, extra?: Record<string, unknown>): void;
}

export function createStderrLogger(quiet = false): Logger {
  const write = (level: string, message: string, extra?: Record<string, unknown>): void => {
    if (quiet && level === 'info') return;
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...extra })}\n`);
  };
  return {
    info: (m, e) => write('info', m, e),
    warn: (m, e) => write('warn', m, e),
    error: (m, e) => write('error', m, e),
  };
}
