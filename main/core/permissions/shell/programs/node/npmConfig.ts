/** npm 11.19.1's config definitions (@npmcli/config/lib/definitions: a Boolean type is a switch, any other takes a value) and shorthands, with the uses npmOptions.ts keys. */
export const NPM_CONFIG =
  '_auth= access= all allow-same-version allow-directory= allow-file= allow-git= allow-remote= ' +
  'allow-scripts= also= audit audit-level= auth-type= before= bin-links browser=:prog bypass-2fa ca= ' +
  'cache=:write cache-max= cache-min= cafile= call=:exec cert= cidr= color= commit-hooks cpu= ' +
  'dangerously-allow-all-scripts depth= description dev diff= diff-ignore-all-space diff-name-only ' +
  'diff-no-prefix diff-dst-prefix= diff-src-prefix= diff-text diff-unified= dry-run editor=:prog ' +
  'engine-strict expect-result-count= expect-results expires= fetch-retries= fetch-retry-factor= ' +
  'fetch-retry-maxtimeout= fetch-retry-mintimeout= fetch-timeout= force foreground-scripts ' +
  'format-package-lock fund git=:prog git-tag-version global globalconfig=:load global-style heading= ' +
  'https-proxy= if-present ignore-scripts include= include-staged include-workspace-root ' +
  'include-attestations init-author-email= init-author-name= init-author-url= init-license= ' +
  'init-module=:load init-type= init-version= init-private init.author.email= init.author.name= ' +
  'init.author.url= init.license= init.module= init.version= install-links install-strategy= json key= ' +
  'legacy-bundling legacy-peer-deps libc= link local-address= location= lockfile-version= loglevel= ' +
  'logs-dir=:write logs-max= long name= maxsockets= message= min-release-age= min-release-age-exclude= ' +
  'node-gyp=:prog node-options=:load noproxy= offline omit= omit-lockfile-registry-resolved only= orgs= ' +
  'optional os= otp= package= package-lock package-lock-only pack-destination= packages= parseable ' +
  'allow-scripts-pending allow-scripts-pin prefer-dedupe prefer-offline prefer-online prefix= ' +
  'preid= production progress provenance provenance-file= proxy= read-only rebuild-bundle registry= ' +
  'replace-registry-host= save save-bundle save-dev save-exact save-optional save-peer save-prefix= ' +
  'save-prod sbom-format= sbom-type= scope= scopes= packages-all packages-and-scopes-permission= ' +
  'orgs-permission= password= token-description= script-shell=:prog searchexclude= searchlimit= ' +
  'searchopts= searchstaleness= shell=:prog shrinkwrap sign-git-commit sign-git-tag strict-peer-deps ' +
  'strict-allow-scripts strict-ssl tag= tag-version-prefix= timing umask= unicode update-notifier usage ' +
  'user-agent= userconfig=:load version versions viewer=:prog which= workspace= workspaces ' +
  'workspaces-update yes';
export const NPM_SHORTHANDS: Readonly<Record<string, string>> = {
  'enjoy-by': '--before',
  d: '--loglevel info',
  dd: '--loglevel verbose',
  ddd: '--loglevel silly',
  quiet: '--loglevel warn',
  q: '--loglevel warn',
  s: '--loglevel silent',
  silent: '--loglevel silent',
  verbose: '--loglevel verbose',
  desc: '--description',
  help: '--usage',
  local: '--no-global',
  n: '--no-yes',
  no: '--no-yes',
  porcelain: '--parseable',
  readonly: '--read-only',
  reg: '--registry',
  iwr: '--include-workspace-root',
  ws: '--workspaces',
  a: '--all',
  c: '--call',
  f: '--force',
  g: '--global',
  L: '--location',
  l: '--long',
  m: '--message',
  p: '--parseable',
  C: '--prefix',
  S: '--save',
  B: '--save-bundle',
  D: '--save-dev',
  E: '--save-exact',
  O: '--save-optional',
  P: '--save-prod',
  '?': '--usage',
  H: '--usage',
  h: '--usage',
  v: '--version',
  w: '--workspace',
  y: '--yes',
};
