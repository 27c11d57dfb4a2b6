/**
 * Corrections to the spec tables of programs that also have a hand rule (OptionPolicy `spec` with
 * `checks`: the spec's table is the allowlist of their options, the hand rule's checks stay on top;
 * specRules.ts `withSpec`). Where a spec lacks an option the real program has, an everyday command
 * would be compound; each fix is written from the program's own parser or manual (cited at the
 * entry) and tested in handRuleOverrides.test.ts. overrides.ts spreads them into OVERRIDES.
 */
import type { SpecOverride } from './overrides.js';

/**
 * kubectl's global flags (`kubectl options`, kubectl 1.3x): accepted by every command. The spec
 * lists only `-n` and only on the root, so `kubectl get pods -n dev` was unknown. pflag booleans
 * take an attached value only (`--insecure-skip-tls-verify=false`).
 */
const KUBECTL: SpecOverride = {
  global:
    'as= as-group= as-uid= cache-dir=:read certificate-authority=:read client-certificate=:read client-key=:read cluster= ' +
    'context= disable-compression=? insecure-skip-tls-verify=? kubeconfig=:read log-flush-frequency= ' +
    'match-server-version=? n|namespace= password= profile= profile-output=:read request-timeout= s|server= ' +
    'tls-server-name= token= user= username= v= vmodule= warnings-as-errors=?',
};

/**
 * The AWS CLI's global options (docs.aws.amazon.com/cli/latest/reference, "Global Options"): every
 * command takes them, the spec lists them on the root only (`aws configure set output json --profile p`).
 */
const AWS: SpecOverride = {
  global:
    'debug endpoint-url= no-verify-ssl no-paginate output= query= profile= region= version color= no-sign-request ' +
    'ca-bundle=:read cli-read-timeout= cli-connect-timeout= cli-binary-format= no-cli-pager cli-auto-prompt no-cli-auto-prompt',
};

// pip, pip3, pytest and poetry left: their hand rules read every option with tables of their own
// (python.ts, python/pipOptions.ts, python/pytestOptions.ts, python/toolTables.ts), allowlists.
export const HAND_RULE_OVERRIDES: Readonly<Record<string, SpecOverride>> = {
  aws: AWS,
  kubectl: KUBECTL,
  // find: the spec is BSD find's options (-E -X -d -s -x) and none of its expression (-name, -type,
  // -maxdepth are read as unknown options). find's hand rule reads GNU find's own table (textOptions.ts FIND).
  find: { drop: true },
  // uv: the spec lags uv's CLI by many releases (`uv pip install` has no options at all, `uv sync`
  // lacks --dev and --python). uv's hand rule reads its own table, from uv's CLI reference
  // (python/uvOptions.ts).
  uv: { drop: true },
};
