/**
 * Inspecting the small programs some commands take as an argument: sed scripts and awk programs.
 * Both languages can run commands (sed `e`, the `e` flag of `s`; awk `system()`, `|`) and write
 * files (sed `w`/`W` and the `w` flag; awk `print > "file"`). Anything the scanners do not
 * understand is reported as dangerous: failing closed is the point.
 */

/** Why a sed script is dangerous, or null when it only reads and prints. */
export function sedScriptDanger(script: string): string | null {
  const s = script;
  let i = 0;
  const n = s.length;
  const ws = () => {
    while (i < n && (s[i] === ' ' || s[i] === '\t')) i++;
  };
  const toEol = () => {
    while (i < n && s[i] !== '\n') i++;
  };
  /** Reads a delimited part (regex or replacement) that ends at an unescaped `d`. */
  const delimited = (d: string): boolean => {
    while (i < n) {
      const c = s[i]!;
      if (c === '\\') {
        i += 2;
        continue;
      }
      if (c === d) {
        i++;
        return true;
      }
      if (c === '\n' && d !== '\n') return false;
      i++;
    }
    return false;
  };
  const address = (): boolean => {
    const c = s[i];
    if (c === undefined) return true;
    if (/[0-9]/.test(c)) {
      while (i < n && /[0-9]/.test(s[i]!)) i++;
      if (s[i] === '~') {
        i++;
        while (i < n && /[0-9]/.test(s[i]!)) i++;
      }
      return true;
    }
    if (c === '$') {
      i++;
      return true;
    }
    if (c === '/' || c === '\\') {
      let d = '/';
      if (c === '\\') {
        d = s[i + 1] ?? '';
        if (d === '' || d === '\n' || d === '\\') return false;
        i++;
      }
      i++;
      if (!delimited(d)) return false;
      while (s[i] === 'I' || s[i] === 'M') i++;
      return true;
    }
    return true; // no address
  };
  const endOfCommand = (): boolean => {
    ws();
    const c = s[i];
    return c === undefined || c === ';' || c === '\n' || c === '}' || c === '#';
  };

  while (i < n) {
    while (i < n && /[\s;]/.test(s[i]!)) i++;
    if (i >= n) break;
    if (s[i] === '#') {
      toEol();
      continue;
    }
    if (!address()) return 'sed script not understood';
    ws();
    if (s[i] === ',') {
      i++;
      ws();
      if (s[i] === '+' || s[i] === '~') {
        i++;
        while (i < n && /[0-9]/.test(s[i]!)) i++;
      } else if (!address()) return 'sed script not understood';
    }
    ws();
    while (s[i] === '!') {
      i++;
      ws();
    }
    const cmd = s[i];
    if (cmd === undefined) return 'sed script not understood';
    i++;
    switch (cmd) {
      case '{':
      case '}':
        continue;
      case '=':
      case 'd':
      case 'D':
      case 'g':
      case 'G':
      case 'h':
      case 'H':
      case 'n':
      case 'N':
      case 'p':
      case 'P':
      case 'x':
      case 'z':
      case 'F':
        if (!endOfCommand()) return 'sed script not understood';
        continue;
      case 'l':
      case 'L':
      case 'q':
      case 'Q':
        ws();
        while (i < n && /[0-9]/.test(s[i]!)) i++;
        if (!endOfCommand()) return 'sed script not understood';
        continue;
      case ':':
      case 'b':
      case 't':
      case 'T':
      case 'v':
        while (i < n && s[i] !== ';' && s[i] !== '\n') i++;
        continue;
      case 'a':
      case 'i':
      case 'c':
        // Text to the end of the line; a trailing backslash continues it.
        while (i < n && s[i] !== '\n') {
          if (s[i] === '\\') i++;
          i++;
        }
        continue;
      case 'r':
      case 'R':
        toEol();
        continue;
      case 'w':
      case 'W':
        return `sed ${cmd} command writes a file`;
      case 'e':
        return 'sed e command runs a shell command';
      case 's': {
        const d = s[i];
        if (d === undefined || d === '\n' || d === '\\') return 'sed script not understood';
        i++;
        if (!delimited(d) || !delimited(d)) return 'sed script not understood';
        while (i < n && /[gpiImM0-9]/.test(s[i]!)) i++;
        if (s[i] === 'e') return 'sed s///e flag runs the pattern space as a shell command';
        if (s[i] === 'w') return 'sed s///w flag writes a file';
        if (!endOfCommand()) return 'sed script not understood';
        continue;
      }
      case 'y': {
        const d = s[i];
        if (d === undefined || d === '\n' || d === '\\') return 'sed script not understood';
        i++;
        if (!delimited(d) || !delimited(d)) return 'sed script not understood';
        if (!endOfCommand()) return 'sed script not understood';
        continue;
      }
      default:
        return 'sed script not understood';
    }
  }
  return null;
}

/** Why an awk program is dangerous, or null when it only reads and prints to stdout. */
export function awkProgramDanger(program: string): string | null {
  // String literals cannot run anything by themselves: blank them so their text is not mistaken
  // for code. (Regex literals are left in place: a "|" inside one errs toward dangerous.)
  let code = '';
  for (let i = 0; i < program.length; i++) {
    const c = program[i]!;
    if (c === '"') {
      code += '""';
      i++;
      while (i < program.length && program[i] !== '"') {
        if (program[i] === '\\') i++;
        i++;
      }
      continue;
    }
    code += c;
  }
  if (/\bsystem\s*\(/.test(code)) return 'awk system() runs a shell command';
  if (/\|&/.test(code)) return 'awk |& runs a coprocess';
  if (/(^|[^|])\|(?!\|)/.test(code)) return 'awk | pipes to or from a shell command';
  if (/@/.test(code)) return 'awk @ (indirect call, @load or @include) is not inspected';
  if (/\bprintf?\b[^;{}\n]*>/.test(code)) return 'awk print > writes a file';
  return null;
}
