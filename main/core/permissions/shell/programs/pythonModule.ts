/**
 * `python -m module args…`: the module runs as a program, and the words after it are that program's
 * command line (`python -m pytest -c ../evil.ini` is pytest reading `-c ../evil.ini`; `python -m pip
 * install ../../x` is pip installing from outside the project). The visitor reads them with the
 * program's own rule (commandVisitor.ts, rule.ts `ModuleRun`), so the spelling through python is
 * read as strictly as the program's own.
 *
 * A module is the program of the same name when its command-line entry point is that program's
 * (`MODULE_PROGRAMS`, from each project's packaging: `[project.scripts]` / console_scripts). Any
 * other module (the standard library's `http.server`, `venv`, `unittest`, a module of the project)
 * has no rule of its own: its words meet the default for a program without a spec (noSpec.ts), under
 * the module's name.
 */
import { optionTable, readItems } from './optionTable.js';
import { PYTHON_TABLE } from './interpreterOptions.js';
import type { ModuleRun } from './rule.js';

/** Modules whose `python -m` entry point is the program of this name. */
const MODULE_PROGRAMS: Readonly<Record<string, string>> = {
  pip: 'pip',
  pytest: 'pytest',
  mypy: 'mypy',
  black: 'black',
  isort: 'isort',
  flake8: 'flake8',
  pylint: 'pylint',
  ruff: 'ruff',
  coverage: 'coverage',
  uvicorn: 'uvicorn',
  gunicorn: 'gunicorn',
  flask: 'flask',
  django: 'django-admin',
  twine: 'twine',
  tox: 'tox',
  nox: 'nox',
  pipx: 'pipx',
  poetry: 'poetry',
  pdm: 'pdm',
  hatch: 'hatch',
  uv: 'uv',
  build: 'pyproject-build',
  sphinx: 'sphinx-build',
  jupyter: 'jupyter',
  IPython: 'ipython',
  pre_commit: 'pre-commit',
  mkdocs: 'mkdocs',
  pip_audit: 'pip-audit',
  bandit: 'bandit',
  celery: 'celery',
  alembic: 'alembic',
  streamlit: 'streamlit',
  PyInstaller: 'pyinstaller',
  virtualenv: 'virtualenv',
};

const TABLE = optionTable(PYTHON_TABLE);

/** `python [options] -m module args…` → the module's program and its argv; undefined without `-m`. */
export const pythonModule: ModuleRun = (argv) => {
  const m = readItems(TABLE, argv, 1, 'python').items.find((it) => it.kind === 'short' && it.name === 'm');
  if (m === undefined || m.kind !== 'short' || typeof m.value !== 'string') return undefined;
  // `-mpytest` holds the module in its own word; `-m pytest` in the next.
  const rest = argv.slice(argv[m.word] === `-m${m.value}` ? m.word + 1 : m.word + 2);
  const program = Object.hasOwn(MODULE_PROGRAMS, m.value) ? MODULE_PROGRAMS[m.value] : undefined;
  return program !== undefined ? { program, argv: [program, ...rest] } : { module: m.value, argv: [m.value, ...rest] };
};
