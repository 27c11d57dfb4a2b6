/**
 * uv's options (clap: `--x=v`, `--x v`, `-xv`, clustered switches, no unique prefixes), from the
 * uv CLI reference (docs.astral.sh/uv/reference/cli). GLOBAL are accepted by every command;
 * INSTALLER are the index, resolver, build and installer options of the commands that resolve
 * (tool run, run, sync, add, pip install …). Paths outside the project, `git+` sources and the
 * options whose name says they load configuration are the default's checks (uvx and uv are
 * allowlists with the default on top); `--python` names an interpreter request, read as a path there.
 */
export const UV_GLOBAL =
  'q|quiet v|verbose color= native-tls no-native-tls offline no-offline allow-insecure-host= no-progress ' +
  'directory= project= config-file= no-config cache-dir= n|no-cache preview no-preview preview-features= ' +
  'managed-python no-managed-python no-python-downloads python-preference= h|help V|version';

export const UV_INSTALLER =
  'index= default-index= i|index-url= extra-index-url= f|find-links= no-index index-strategy= ' +
  'keyring-provider= resolution= prerelease= fork-strategy= exclude-newer= exclude-newer-package= ' +
  'no-sources U|upgrade P|upgrade-package= reinstall reinstall-package= refresh refresh-package= ' +
  'no-build-isolation no-build-isolation-package= no-build no-build-package= no-binary no-binary-package= ' +
  'C|config-setting= config-settings-package= link-mode= compile-bytecode no-compile-bytecode ' +
  'torch-backend= build-constraints= b|build-constraint= p|python= python-platform= python-version=';

/** `uv tool run` / `uvx`: where the tool comes from and what it runs with, before the tool's name. */
export const UV_TOOL_RUN =
  'from= w|with= with-editable= with-requirements= c|constraints= constraint= overrides= override= isolated ' +
  'env-file= no-env-file lfs show-resolution generate-shell-completion=';

const DEPS =
  'extra= all-extras no-extra= no-dev dev only-dev group= no-group= no-default-groups only-group= all-groups ' +
  'no-editable active locked frozen all-packages package= script=';
const PIP_TARGET = 'system break-system-packages target=:write prefix=:write';
const PIP_ENV = `p|python= ${PIP_TARGET}`;
const WITH = 'w|with= with-editable= with-requirements=';

/** uv's commands (kit.ts `commandTable`; the global options are `UV_GLOBAL`). */
export const UV_COMMANDS = {
  run: `${DEPS} m|module exact inexact env-file= no-env-file ${WITH} isolated no-sync s| gui-script no-project max-recursion-depth= ${UV_INSTALLER}`,
  sync: `${DEPS} inexact exact no-install-project no-install-workspace no-install-local no-install-package= dry-run check output-format= ${UV_INSTALLER}`,
  lock: `check check-exists locked frozen dry-run script= ${UV_INSTALLER}`,
  add: `r|requirements= c|constraints= m|marker= dev optional= group= editable raw raw-sources bounds= rev= tag= branch= lfs extra= no-sync active locked frozen package= script= workspace no-workspace no-install-project no-install-workspace no-install-local ${UV_INSTALLER}`,
  remove: `dev optional= group= no-sync active locked frozen package= script= ${UV_INSTALLER}`,
  version: `bump= dry-run short output-format= no-sync active locked frozen package= ${UV_INSTALLER}`,
  export: `format= prune= ${DEPS} no-header hashes no-hashes o|output-file=:write no-emit-project no-emit-workspace no-emit-local no-emit-package= ${UV_INSTALLER}`,
  tree: `universal d|depth= prune= no-dedupe invert outdated show-sizes ${DEPS} ${UV_INSTALLER}`,
  init: 'name= bare package no-package app lib script description= no-description vcs= build-backend= no-readme author-from= no-pin-python no-workspace p|python=',
  tool: {
    options: '',
    subs: {
      run: `${UV_TOOL_RUN} ${UV_INSTALLER}`,
      install: `e|editable ${WITH} c|constraints= overrides= force lfs ${UV_INSTALLER}`,
      upgrade: `all ${UV_INSTALLER}`,
      list: 'show-paths show-version-specifiers show-with show-extras show-python',
      uninstall: 'all',
      'update-shell': '',
      dir: 'bin',
    },
  },
  python: {
    options: '',
    subs: {
      list: 'all-versions all-platforms all-arches only-installed only-downloads show-urls output-format=',
      install: 'i|install-dir= mirror= pypy-mirror= python-downloads-json-url= r|reinstall f|force default bin no-bin registry no-registry',
      upgrade: 'i|install-dir= mirror= pypy-mirror=',
      find: 'no-project system show-version script=',
      pin: 'resolved no-project global rm',
      dir: 'bin',
      uninstall: 'i|install-dir= all',
      'update-shell': '',
    },
  },
  pip: {
    options: '',
    subs: {
      compile: `r|requirements= c|constraints= overrides= e|editable= extra= all-extras no-deps group= o|output-file=:write format= no-strip-extras no-strip-markers no-annotate no-header annotation-style= custom-compile-command= universal emit-index-url emit-find-links emit-build-options emit-index-annotation no-emit-package= generate-hashes only-binary= ${UV_INSTALLER}`,
      sync: `r|requirements= c|constraints= ${PIP_TARGET} allow-empty-requirements require-hashes no-verify-hashes strict dry-run only-binary= ${UV_INSTALLER}`,
      install: `r|requirements= e|editable= c|constraints= overrides= group= extra= all-extras no-deps force-reinstall ${PIP_TARGET} user exact strict dry-run require-hashes no-verify-hashes only-binary= ${UV_INSTALLER}`,
      uninstall: `r|requirements= ${PIP_ENV} dry-run keyring-provider=`,
      freeze: `exclude-editable strict path= ${PIP_ENV}`,
      list: `e|editable exclude-editable exclude= format= outdated strict ${PIP_TARGET} ${UV_INSTALLER}`,
      show: `strict f|files ${PIP_ENV}`,
      tree: `d|depth= prune= package= no-dedupe invert outdated show-version-specifiers show-sizes strict ${PIP_TARGET} ${UV_INSTALLER}`,
      check: `${PIP_ENV} python-version= python-platform=`,
    },
  },
  venv: `system no-project seed allow-existing clear prompt= system-site-packages relocatable ${UV_INSTALLER}`,
  build: `package= all-packages o|out-dir=:write sdist wheel list no-build-logs force-pep517 clear require-hashes no-verify-hashes ${UV_INSTALLER}`,
  publish: 'publish-url= u|username= p|password= t|token= trusted-publishing= keyring-provider= index= check-url= no-attestations dry-run',
  cache: { options: '', subs: { clean: 'force', prune: 'ci force', dir: '', size: 'human' } },
  self: { options: '', subs: { update: 'token= dry-run', version: 'short output-format=' } },
  format: 'check diff version= exclude-newer=',
  help: 'no-pager',
};
