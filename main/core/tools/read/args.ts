/** Flags every rg call shares: no colour, no config file from the environment, sane binary handling. */
export function rgBaseArgs(opts: { hidden?: boolean }): string[] {
  // --no-config: RIPGREP_CONFIG_PATH must not change what the tool returns.
  const args = ['--no-config', '--color', 'never', '--no-require-git'];
  // Hidden files are skipped unless asked for; .git is never listed either way.
  if (opts.hidden) args.push('--hidden', '--glob', '!.git');
  return args;
}
