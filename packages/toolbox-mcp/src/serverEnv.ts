/**
 * The environment of a stdio MCP server: the `env` from its config plus `PATH` and `HOME` from the provider's
 * (the config wins), and nothing else of the provider's environment — API keys and tokens stay in the provider.
 * Note: the SDK's stdio transport also copies `LOGNAME`, `SHELL`, `TERM` and `USER` (its
 * `DEFAULT_INHERITED_ENV_VARS`); they name the user and shell, not secrets.
 */
export function serverEnv(configured: Readonly<Record<string, string>>, from: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ['PATH', 'HOME'] as const) {
    const value = from[key];
    if (value !== undefined) env[key] = value;
  }
  return { ...env, ...configured };
}
