/**
 * pip's options per command, as its optparse parsers define them (pip 23.2.1:
 * `create_command(name).parser`, general options first). optparse accepts `--opt=v`, `--opt v`,
 * `-ov`, clusters and unique prefixes of long options. Uses: --log/--log-file/--local-log, --report,
 * --target/--root/--prefix/--src, download --dest, wheel --wheel-dir and --cache-dir write where
 * they say; --python runs another interpreter; config --editor runs an editor. `--group` (install,
 * download, wheel) is pip 25.1's: a dependency group of a pyproject.toml.
 */
export const PIP_GENERAL =
  'h|help debug isolated require-virtualenv require-venv python=:prog v|verbose V|version q|quiet ' +
  'log=:write log-file=:write local-log=:write no-input keyring-provider= proxy= retries= timeout= ' +
  'default-timeout= exists-action= trusted-host= cert= client-cert= cache-dir=:write no-cache-dir ' +
  'disable-pip-version-check no-color no-python-version-warning use-feature= use-deprecated=';
export const PIP_COMMANDS: Readonly<Record<string, string>> = {
  cache: 'format=',
  check: '',
  completion: 'b|bash z|zsh f|fish p|powershell',
  config: 'editor=:prog global user site',
  debug: 'platform= python-version= implementation= abi=',
  download:
    'c|constraint= r|requirement= group= no-deps no-dependencies global-option= no-binary= only-binary= ' +
    'prefer-binary src=:write source=:write source-dir=:write source-directory=:write pre require-hashes ' +
    'progress-bar= no-build-isolation use-pep517 no-use-pep517 check-build-dependencies ' +
    'ignore-requires-python d|dest=:write destination-dir=:write destination-directory=:write platform= ' +
    'python-version= implementation= abi= no-clean i|index-url= pypi-url= extra-index-url= no-index ' +
    'f|find-links=',
  freeze: 'r|requirement= l|local user path= all exclude-editable exclude=',
  hash: 'a|algorithm=',
  help: '',
  index:
    'platform= python-version= implementation= abi= ignore-requires-python pre no-binary= only-binary= ' +
    'i|index-url= pypi-url= extra-index-url= no-index f|find-links=',
  inspect: 'local user path=',
  install:
    'r|requirement= c|constraint= group= no-deps no-dependencies pre e|editable= dry-run t|target=:write ' +
    'platform= python-version= implementation= abi= user no-user root=:write prefix=:write src=:write ' +
    'source=:write source-dir=:write source-directory=:write U|upgrade upgrade-strategy= force-reinstall ' +
    'I|ignore-installed ignore-requires-python no-build-isolation use-pep517 no-use-pep517 ' +
    'check-build-dependencies break-system-packages C|config-settings= global-option= compile no-compile ' +
    'no-warn-script-location no-warn-conflicts no-binary= only-binary= prefer-binary require-hashes ' +
    'progress-bar= root-user-action= report=:write no-clean i|index-url= pypi-url= extra-index-url= ' +
    'no-index f|find-links=',
  list:
    'o|outdated u|uptodate e|editable l|local user path= pre format= not-required exclude-editable ' +
    'include-editable exclude= i|index-url= pypi-url= extra-index-url= no-index f|find-links=',
  search: 'i|index=',
  show: 'f|files',
  uninstall: 'r|requirement= y|yes root-user-action= break-system-packages',
  wheel:
    'w|wheel-dir=:write no-binary= only-binary= prefer-binary no-build-isolation use-pep517 no-use-pep517 ' +
    'check-build-dependencies c|constraint= e|editable= r|requirement= group= src=:write source=:write ' +
    'source-dir=:write source-directory=:write ignore-requires-python no-deps no-dependencies ' +
    'progress-bar= no-verify C|config-settings= build-option= global-option= pre require-hashes no-clean ' +
    'i|index-url= pypi-url= extra-index-url= no-index f|find-links=',
};
