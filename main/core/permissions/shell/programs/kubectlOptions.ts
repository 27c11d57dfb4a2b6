/**
 * kubectl's options, every command's (transcribed from kubectl v1.32 `kubectl <command> --help`,
 * "Options:", and `kubectl options` for the global ones; pflag: `--opt=v`, `--opt v`, `-ov`,
 * `-o=v`, no prefixes). The global options are accepted by every command, before or after it.
 * `--dry-run`, `--validate` and `--cascade` take an optional value (pflag NoOptDefVal: "unchanged",
 * "strict", "background"), so it is attached only. A command the table does not list is a plugin
 * (`kubectl foo` runs the program `kubectl-foo` found on PATH): kubectl's rule keys it.
 * What the options do (containers.ts reads them): `--kubeconfig` names a kubeconfig, which can name
 * credential programs to run; `--as`, `--as-group`, `--as-uid` act as another user; kustomize's
 * `--enable-alpha-plugins`, `--enable-helm`, `--helm-command` run programs; `--profile-output`
 * writes a file; an option naming host files outside the project (`-f ../x.yaml`) is keyed.
 */
import { hostPath } from './containerOptions.js';
import { exec } from '../effects.js';
import { opaque } from './kit.js';
import { optionTable, type OptionHandler, type OptionTable, type TableSpec } from './optionTable.js';

/** Options whose value names host files or folders: one outside the project is keyed (containerOptions.ts `hostPath`). */
const PATHS = new Set(
  (
    'filename kustomize template from-file from-env-file patch-file cache-dir certificate-authority client-certificate ' +
    'client-key www output-directory mount'
  ).split(' '),
);

/** `--kubeconfig`: a kubeconfig can name credential programs kubectl runs (users.NAME.exec), wherever it is. */
const kubeconfig: OptionHandler = (v, typed, at) => [
  exec('kubeconfig', opaque(v ?? null), 'a kubeconfig file can name credential plugins to run'),
  ...hostPath(v, typed, at),
];

/** Handlers for the path options a spec lists. */
function pathHandlers(options: string): Record<string, OptionHandler> {
  const names = options.split(' ').map((t) => t.replace(/^.\|/, '').replace(/[=?:].*$/, ''));
  return { ...Object.fromEntries(names.filter((n) => PATHS.has(n)).map((n) => [n, hostPath])), kubeconfig };
}

const GLOBAL =
  'as=:config as-group=:config as-uid=:config cache-dir= certificate-authority= client-certificate= client-key= cluster= ' +
  'context= disable-compression insecure-skip-tls-verify kubeconfig= log-flush-frequency= match-server-version ' +
  'n|namespace= password= profile= profile-output=:write request-timeout= s|server= tls-server-name= token= user= ' +
  'username= v|v= vmodule= warnings-as-errors h|help';

/** One command's table: its own options, then the global ones; `subs`, its nested commands. */
type Spec = { -readonly [K in keyof TableSpec]: TableSpec[K] };
function sub(options: string, subs?: Record<string, TableSpec>, subsOnly?: boolean): Spec {
  const spec: Spec = { options: [options, GLOBAL], equalsShort: true, handlers: pathHandlers(`${options} ${GLOBAL}`) };
  if (subs) spec.subs = subs;
  if (subsOnly) spec.subsOnly = true;
  return spec;
}

/** Nested commands also known by a short name (`kubectl create cm`, `kubectl top po`). */
const aliased = (subs: Record<string, TableSpec>, aliases: Record<string, string>): Record<string, TableSpec> => ({
  ...subs,
  ...Object.fromEntries(Object.entries(aliases).map(([a, name]) => [a, subs[name]!])),
});

const COMMANDS: Record<string, Spec> = {
  config: sub(
    '',
    {
      'current-context': sub(''),
      'delete-cluster': sub(''),
      'delete-context': sub(''),
      'delete-user': sub(''),
      'get-clusters': sub(''),
      'get-contexts': sub('no-headers o|output='),
      'get-users': sub(''),
      'rename-context': sub(''),
      set: sub('set-raw-bytes'),
      'set-cluster': sub('certificate-authority= embed-certs insecure-skip-tls-verify proxy-url= server= tls-server-name='),
      'set-context': sub('cluster= current namespace= user='),
      'set-credentials': sub(
        'auth-provider= auth-provider-arg= client-certificate= client-key= embed-certs exec-api-version= exec-arg= exec-command= exec-env= exec-interactive-mode= exec-provide-cluster-info password= token= username=',
      ),
      unset: sub(''),
      'use-context': sub(''),
      view: sub('allow-missing-template-keys flatten merge minify o|output= raw show-managed-fields template='),
    },
    true,
  ),
  create: sub(
    'allow-missing-template-keys dry-run=? edit field-manager= f|filename= k|kustomize= o|output= raw= R|recursive save-config l|selector= show-managed-fields template= validate=? windows-line-endings',
    {
      clusterrole: sub(
        'aggregation-rule= allow-missing-template-keys dry-run=? field-manager= non-resource-url= o|output= resource= resource-name= save-config show-managed-fields template= validate=? verb=',
      ),
      clusterrolebinding: sub(
        'allow-missing-template-keys clusterrole= dry-run=? field-manager= group= o|output= save-config serviceaccount= show-managed-fields template= user= validate=?',
      ),
      configmap: sub(
        'allow-missing-template-keys append-hash dry-run=? field-manager= from-env-file= from-file= from-literal= o|output= save-config show-managed-fields template= validate=?',
      ),
      cronjob: sub(
        'allow-missing-template-keys dry-run=? field-manager= image= o|output= restart= save-config schedule= show-managed-fields template= validate=?',
      ),
      deployment: sub(
        'allow-missing-template-keys dry-run=? field-manager= image= o|output= port= r|replicas= save-config show-managed-fields template= validate=?',
      ),
      ingress: sub(
        'allow-missing-template-keys annotation= class= default-backend= dry-run=? field-manager= o|output= rule= save-config show-managed-fields template= validate=?',
      ),
      job: sub(
        'allow-missing-template-keys dry-run=? field-manager= from= image= o|output= save-config show-managed-fields template= validate=?',
      ),
      namespace: sub('allow-missing-template-keys dry-run=? field-manager= o|output= save-config show-managed-fields template= validate=?'),
      poddisruptionbudget: sub(
        'allow-missing-template-keys dry-run=? field-manager= max-unavailable= min-available= o|output= save-config selector= show-managed-fields template= validate=?',
      ),
      priorityclass: sub(
        'allow-missing-template-keys description= dry-run=? field-manager= global-default o|output= preemption-policy= save-config show-managed-fields template= validate=? value=',
      ),
      quota: sub(
        'allow-missing-template-keys dry-run=? field-manager= hard= o|output= save-config scopes= show-managed-fields template= validate=?',
      ),
      role: sub(
        'allow-missing-template-keys dry-run=? field-manager= o|output= resource= resource-name= save-config show-managed-fields template= validate=? verb=',
      ),
      rolebinding: sub(
        'allow-missing-template-keys clusterrole= dry-run=? field-manager= group= o|output= role= save-config serviceaccount= show-managed-fields template= user= validate=?',
      ),
      secret: sub(
        '',
        {
          'docker-registry': sub(
            'allow-missing-template-keys append-hash docker-email= docker-password= docker-server= docker-username= dry-run=? field-manager= from-file= o|output= save-config show-managed-fields template= validate=?',
          ),
          generic: sub(
            'allow-missing-template-keys append-hash dry-run=? field-manager= from-env-file= from-file= from-literal= o|output= save-config show-managed-fields template= type= validate=?',
          ),
          tls: sub(
            'allow-missing-template-keys append-hash cert= dry-run=? field-manager= key= o|output= save-config show-managed-fields template= validate=?',
          ),
        },
        true,
      ),
      service: sub(
        '',
        {
          clusterip: sub(
            'allow-missing-template-keys clusterip= dry-run=? field-manager= o|output= save-config show-managed-fields tcp= template= validate=?',
          ),
          externalname: sub(
            'allow-missing-template-keys dry-run=? external-name= field-manager= o|output= save-config show-managed-fields tcp= template= validate=?',
          ),
          loadbalancer: sub(
            'allow-missing-template-keys dry-run=? field-manager= o|output= save-config show-managed-fields tcp= template= validate=?',
          ),
          nodeport: sub(
            'allow-missing-template-keys dry-run=? field-manager= node-port= o|output= save-config show-managed-fields tcp= template= validate=?',
          ),
        },
        true,
      ),
      serviceaccount: sub(
        'allow-missing-template-keys dry-run=? field-manager= o|output= save-config show-managed-fields template= validate=?',
      ),
      token: sub(
        'allow-missing-template-keys audience= bound-object-kind= bound-object-name= bound-object-uid= duration= o|output= show-managed-fields template=',
      ),
    },
    false,
  ),
  expose: sub(
    'allow-missing-template-keys cluster-ip= dry-run=? external-ip= field-manager= f|filename= k|kustomize= l|labels= load-balancer-ip= name= o|output= override-type= overrides= port= protocol= R|recursive save-config selector= session-affinity= show-managed-fields target-port= template= type=',
  ),
  run: sub(
    'allow-missing-template-keys annotations= attach cascade=? command dry-run=? env= expose field-manager= f|filename= force grace-period= image= image-pull-policy= k|kustomize= l|labels= leave-stdin-open o|output= override-type= overrides= pod-running-timeout= port= privileged q|quiet R|recursive restart= rm save-config show-managed-fields i|stdin template= timeout= t|tty wait',
  ),
  set: sub(
    '',
    {
      env: sub(
        'all allow-missing-template-keys c|containers= dry-run=? e|env= field-manager= f|filename= from= keys= k|kustomize= list local o|output= overwrite prefix= R|recursive resolve l|selector= show-managed-fields template=',
      ),
      image: sub(
        'all allow-missing-template-keys dry-run=? field-manager= f|filename= k|kustomize= local o|output= R|recursive l|selector= show-managed-fields template=',
      ),
      resources: sub(
        'all allow-missing-template-keys c|containers= dry-run=? field-manager= f|filename= k|kustomize= limits= local o|output= R|recursive requests= l|selector= show-managed-fields template=',
      ),
      selector: sub(
        'all allow-missing-template-keys dry-run=? field-manager= f|filename= local o|output= R|recursive resource-version= show-managed-fields template=',
      ),
      serviceaccount: sub(
        'all allow-missing-template-keys dry-run=? field-manager= f|filename= k|kustomize= local o|output= R|recursive show-managed-fields template=',
      ),
      subject: sub(
        'all allow-missing-template-keys dry-run=? field-manager= f|filename= group= k|kustomize= local o|output= R|recursive l|selector= serviceaccount= show-managed-fields template= user=',
      ),
    },
    true,
  ),
  explain: sub('api-version= o|output= recursive'),
  get: sub(
    'A|all-namespaces allow-missing-template-keys chunk-size= field-selector= f|filename= ignore-not-found k|kustomize= L|label-columns= no-headers o|output= output-watch-events raw= R|recursive l|selector= server-print show-kind show-labels show-managed-fields sort-by= subresource= template= w|watch watch-only',
  ),
  edit: sub(
    'allow-missing-template-keys field-manager= f|filename= k|kustomize= o|output= output-patch R|recursive save-config show-managed-fields subresource= template= validate=? windows-line-endings',
  ),
  delete: sub(
    'all A|all-namespaces cascade=? dry-run=? field-selector= f|filename= force grace-period= ignore-not-found i|interactive k|kustomize= now o|output= raw= R|recursive l|selector= timeout= wait',
  ),
  rollout: sub(
    '',
    {
      history: sub(
        'allow-missing-template-keys f|filename= k|kustomize= o|output= R|recursive revision= l|selector= show-managed-fields template=',
      ),
      pause: sub(
        'allow-missing-template-keys field-manager= f|filename= k|kustomize= o|output= R|recursive l|selector= show-managed-fields template=',
      ),
      restart: sub(
        'allow-missing-template-keys field-manager= f|filename= k|kustomize= o|output= R|recursive l|selector= show-managed-fields template=',
      ),
      resume: sub(
        'allow-missing-template-keys field-manager= f|filename= k|kustomize= o|output= R|recursive l|selector= show-managed-fields template=',
      ),
      status: sub('f|filename= k|kustomize= R|recursive revision= l|selector= timeout= w|watch'),
      undo: sub(
        'allow-missing-template-keys dry-run=? f|filename= k|kustomize= o|output= R|recursive l|selector= show-managed-fields template= to-revision=',
      ),
    },
    true,
  ),
  scale: sub(
    'all allow-missing-template-keys current-replicas= dry-run=? f|filename= k|kustomize= o|output= R|recursive replicas= resource-version= l|selector= show-managed-fields template= timeout=',
  ),
  autoscale: sub(
    'allow-missing-template-keys cpu-percent= dry-run=? field-manager= f|filename= k|kustomize= max= min= name= o|output= R|recursive save-config show-managed-fields template=',
  ),
  certificate: sub(
    '',
    {
      approve: sub('allow-missing-template-keys f|filename= force k|kustomize= o|output= R|recursive show-managed-fields template='),
      deny: sub('allow-missing-template-keys f|filename= force k|kustomize= o|output= R|recursive show-managed-fields template='),
    },
    true,
  ),
  'cluster-info': sub(
    '',
    {
      dump: sub(
        'A|all-namespaces allow-missing-template-keys namespaces= o|output= output-directory= pod-running-timeout= show-managed-fields template=',
      ),
    },
    false,
  ),
  top: sub(
    '',
    {
      node: sub('no-headers l|selector= show-capacity sort-by= use-protocol-buffers'),
      pod: sub('A|all-namespaces containers field-selector= no-headers l|selector= sort-by= sum use-protocol-buffers'),
    },
    true,
  ),
  cordon: sub('dry-run=? l|selector='),
  uncordon: sub('dry-run=? l|selector='),
  drain: sub(
    'chunk-size= delete-emptydir-data disable-eviction dry-run=? force grace-period= ignore-daemonsets pod-selector= l|selector= skip-wait-for-delete-timeout= timeout=',
  ),
  taint: sub(
    'all allow-missing-template-keys dry-run=? field-manager= o|output= overwrite l|selector= show-managed-fields template= validate=?',
  ),
  describe: sub('A|all-namespaces chunk-size= f|filename= k|kustomize= R|recursive l|selector= show-events'),
  logs: sub(
    'all-containers all-pods c|container= f|follow ignore-errors insecure-skip-tls-verify-backend limit-bytes= max-log-requests= pod-running-timeout= prefix p|previous l|selector= since= since-time= tail= timestamps',
  ),
  attach: sub('c|container= pod-running-timeout= q|quiet i|stdin t|tty'),
  exec: sub('c|container= f|filename= pod-running-timeout= q|quiet i|stdin t|tty'),
  'port-forward': sub('address= pod-running-timeout='),
  proxy: sub(
    'accept-hosts= accept-paths= address= api-prefix= append-server-path disable-filter keepalive= p|port= reject-methods= reject-paths= u|unix-socket= w|www= P|www-prefix=',
  ),
  cp: sub('c|container= no-preserve retries='),
  auth: sub(
    '',
    {
      'can-i': sub('A|all-namespaces list no-headers q|quiet subresource='),
      reconcile: sub(
        'allow-missing-template-keys dry-run=? f|filename= k|kustomize= o|output= R|recursive remove-extra-permissions remove-extra-subjects show-managed-fields template=',
      ),
      whoami: sub('allow-missing-template-keys o|output= show-managed-fields template='),
    },
    true,
  ),
  debug: sub(
    'arguments-only attach c|container= copy-to= custom= env= f|filename= image= image-pull-policy= keep-annotations keep-init-containers keep-labels keep-liveness keep-readiness keep-startup profile= q|quiet replace same-node set-image= share-processes i|stdin target= t|tty',
  ),
  events: sub(
    'A|all-namespaces allow-missing-template-keys chunk-size= for= no-headers o|output= show-managed-fields template= types= w|watch',
  ),
  diff: sub(
    'concurrency= field-manager= f|filename= force-conflicts k|kustomize= prune prune-allowlist= R|recursive l|selector= server-side show-managed-fields',
  ),
  apply: sub(
    'all allow-missing-template-keys cascade=? dry-run=? field-manager= f|filename= force force-conflicts grace-period= k|kustomize= openapi-patch o|output= overwrite prune prune-allowlist= R|recursive l|selector= server-side show-managed-fields subresource= template= timeout= validate=? wait',
    {
      'edit-last-applied': sub(
        'allow-missing-template-keys field-manager= f|filename= k|kustomize= o|output= R|recursive show-managed-fields template= validate=? windows-line-endings',
      ),
      'set-last-applied': sub(
        'allow-missing-template-keys create-annotation dry-run=? f|filename= o|output= show-managed-fields template=',
      ),
      'view-last-applied': sub('all f|filename= k|kustomize= o|output= R|recursive l|selector='),
    },
    false,
  ),
  patch: sub(
    'allow-missing-template-keys dry-run=? field-manager= f|filename= k|kustomize= local o|output= p|patch= patch-file= R|recursive show-managed-fields subresource= template= type=',
  ),
  replace: sub(
    'allow-missing-template-keys cascade=? dry-run=? field-manager= f|filename= force grace-period= k|kustomize= o|output= raw= R|recursive save-config show-managed-fields subresource= template= timeout= validate=? wait',
  ),
  wait: sub(
    'all A|all-namespaces allow-missing-template-keys field-selector= f|filename= for= local o|output= R|recursive l|selector= show-managed-fields template= timeout=',
  ),
  kustomize: sub(
    'as-current-user enable-alpha-plugins:runs enable-helm:runs e|env= helm-api-versions= helm-command=:prog helm-debug helm-kube-version= load-restrictor=:config mount= network network-name= o|output=',
  ),
  label: sub(
    'all A|all-namespaces allow-missing-template-keys dry-run=? field-manager= field-selector= f|filename= k|kustomize= list local o|output= overwrite R|recursive resource-version= l|selector= show-managed-fields template=',
  ),
  annotate: sub(
    'all A|all-namespaces allow-missing-template-keys dry-run=? field-manager= field-selector= f|filename= k|kustomize= list local o|output= overwrite R|recursive resource-version= l|selector= show-managed-fields template=',
  ),
  completion: sub(''),
  'api-resources': sub('api-group= cached categories= namespaced no-headers o|output= sort-by= verbs='),
  'api-versions': sub(''),
  plugin: sub(
    '',
    {
      list: sub('name-only'),
    },
    true,
  ),
  version: sub('client o|output='),
};
COMMANDS.create!.subs = aliased(
  { ...COMMANDS.create!.subs },
  {
    cm: 'configmap',
    cj: 'cronjob',
    deploy: 'deployment',
    ing: 'ingress',
    ns: 'namespace',
    pdb: 'poddisruptionbudget',
    pc: 'priorityclass',
    resourcequota: 'quota',
    sa: 'serviceaccount',
    svc: 'service',
  },
);
COMMANDS.top!.subs = aliased({ ...COMMANDS.top!.subs }, { nodes: 'node', no: 'node', pods: 'pod', po: 'pod' });

/** kubectl's options from argv[1] on: the global ones, then a command, whose table reads the rest. */
export const KUBECTL: OptionTable = optionTable({ ...sub('', COMMANDS, true) });
