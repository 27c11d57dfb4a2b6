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
