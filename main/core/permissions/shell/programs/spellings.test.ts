import { describe, expect, it } from 'vitest';
import { denyNames, denyRuleProgram } from './spellings.js';
import { tableName } from '../programNames.js';

describe('denyNames: the names a deny rule may use for a program word', () => {
  it.each([
    ['python3.12', ['python3.12', 'python', 'python3']],
    ['/usr/bin/Python3', ['python3', 'python']],
    ['C:\\Python312\\python.exe', ['python']],
    ['bash-5.2', ['bash-5.2', 'bash', 'bash-5']],
    ['BASH', ['bash']],
    ['g++-12', ['g++-12', 'g++']],
    ['ksh93u', ['ksh93u', 'ksh', 'ksh93']],
    ['node20', ['node20', 'node']],
    ['ruby3.2', ['ruby3.2', 'ruby', 'ruby3']],
    ['pn', ['pn', 'pnpm']],
    ['pnx', ['pnx', 'pnpx']],
    ['git', ['git']],
    ['python3-config', ['python3-config']],
  ])('%s → %j', (program, names) => expect(denyNames(program)).toEqual(names));

  it('always includes the name the classifier looks the rules up under (tableName), in lower case', () => {
    for (const p of ['python3.12', 'BASH', 'bash.exe', 'node20', 'perl5.36', 'gawk-5', 'pn', 'pnx', 'Bash-5.2', 'clang-17'])
      expect(denyNames(p), p).toContain(tableName(p).toLowerCase());
  });

  it('a rule is compared in lower case, without .exe, a second name as the first', () => {
    expect(denyRuleProgram('Python.EXE')).toBe('python');
    expect(denyRuleProgram('pn')).toBe('pnpm');
    expect(denyRuleProgram('python3')).toBe('python3');
  });
});
