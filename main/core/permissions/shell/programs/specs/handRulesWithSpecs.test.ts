/**
 * Hand rules read with their program's spec (OptionPolicy `spec` with `checks`, specRules.ts
 * `withSpec`): an option the spec does not define is compound in every spelling, the hand rule's
 * checks still key what runs and what is written, the no-spec default is applied once, and the
 * programs' everyday uses stay simple (where a spec lacked an everyday option, handRuleOverrides.ts
 * adds it from the program's own parser or manual).
 */
import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../classify.js';
import { handRule } from '../index.js';

const classify = (c: string) => classifyCommand(c);

/**
 * Unknown options, per program, in each spelling the program's parser would read: `--opt`,
 * `--opt=v`, an attached or clustered short letter, a one-dash long word (Go, Java), a prefix of a
 * real option where the parser takes no prefixes (pflag, Go's flag, clap).
 */
// mvn and dotnet left this list: they are allowlists of their own tables now (maven.ts, dotnet.ts; their examples in build.ts).
const UNKNOWN: Readonly<Record<string, readonly string[]>> = {
  kubectl: ['kubectl apply --evil -f x.yaml', 'kubectl apply --evil=x -f x.yaml', 'kubectl apply --dry -f x.yaml', 'kubectl get pods -Z'],
  helm: ['helm install --evil-flag x ./chart', 'helm install --evil-flag=1 x ./chart', 'helm install x ./c --post-rend ./r.sh'],
  terraform: ['terraform plan -evil', 'terraform plan -evil=1', 'terraform plan --evil'],
  gh: ['gh pr list --evil', 'gh pr list --evil=1', 'gh pr list -Z'],
  'docker-compose': ['docker-compose up --evil', 'docker-compose up -dZ'],
  rsync: ['rsync -avz --evil a b', 'rsync -avZq a b'],
  pip: ['pip install --evil x', 'pip install -Zr requirements.txt', 'pip install --evil=1 x'],
  pip3: ['pip3 install --evil x'],
  poetry: ['poetry install --evil', 'poetry add --evil=1 x'],
  brew: ['brew install --evil x', 'brew install --evil=1 x'],
  gcloud: ['gcloud compute instances list --evil', 'gcloud run deploy web --evil=1'],
  aws: ['aws s3 ls --evil', 'aws s3 ls --evil=1'],
  conda: ['conda install --evil numpy', 'conda create --evil=1 -n x'],
  systemctl: ['systemctl status --evil nginx', 'systemctl status --evil=1 nginx'],
  rustup: ['rustup update --evil', 'rustup target add --evil=1 x'],
  lerna: ['lerna run build --evil', 'lerna run build --evil=1'],
  pytest: ['pytest --evil', 'pytest --evil=1', 'pytest -Z'],
  deno: ['deno run --evil x.ts', 'deno test --evil=1'],
  fzf: ['fzf --evil', 'fzf --evil=1'],
  gem: ['gem install --evil x', 'gem install --evil=1 x'],
  nvm: ['nvm install --evil 20'],
  pipx: ['pipx install --evil x', 'pipx install --evil=1 x'],
  pipenv: ['pipenv install --evil', 'pipenv install --evil=1'],
  asdf: ['asdf install --evil'],
  man: ['man --evil ls', 'man -Z ls'],
  sqlite3: ['sqlite3 -evil app.db', 'sqlite3 --evil app.db'],
  emacs: ['emacs --evil notes.txt', 'emacs -evil notes.txt'],
  nc: ['nc -Z localhost 80'],
  pyenv: ['pyenv install --evil 3.11'],
};

/** Everyday uses, per program: each stays one simple call. */
const EVERYDAY: Readonly<Record<string, readonly string[]>> = {
  gh: [
    'gh pr list',
    'gh pr create --title "Fix bug" --body "Details"',
    'gh pr checkout 12',
    'gh issue list --state open',
    'gh repo clone owner/repo',
    'gh run list --limit 5',
    'gh pr view 12 --web',
    'gh auth status',
    'gh pr merge 12 --squash --delete-branch',
    'gh workflow run ci.yml',
    'gh pr diff 12',
    'gh issue create --title "Bug" --label bug',
  ],
  volta: ['volta install node@20', 'volta pin node@20', 'volta list'],
  fnm: ['fnm use 20', 'fnm install --lts', 'fnm list', 'fnm default 20'],
  nvm: ['nvm install 20', 'nvm use 18', 'nvm ls', 'nvm alias default 20', 'nvm install --lts'],
  poetry: [
    'poetry install',
    'poetry add requests',
    'poetry add --group dev pytest',
    'poetry lock --no-update',
    'poetry build',
    'poetry show --tree',
    'poetry install --with dev',
    'poetry install --no-root',
    'poetry install --no-root -E lxml',
    'poetry version patch',
    'poetry check',
  ],
  pipenv: ['pipenv install', 'pipenv install --dev', 'pipenv lock', 'pipenv sync --dev', 'pipenv graph', 'pipenv install requests'],
  pipx: ['pipx install black', 'pipx list', 'pipx upgrade-all', 'pipx ensurepath'],
  conda: [
    'conda create -n myenv python=3.11',
    'conda install -c conda-forge numpy',
    'conda list',
    'conda env list',
    'conda install -y numpy',
    'conda remove -n myenv --all',
    'conda update conda',
  ],
  mamba: ['mamba install -c conda-forge numpy', 'mamba create -n x python=3.11'],
  pytest: [
    'pytest',
    'pytest -v',
    'pytest tests/',
    'pytest -k test_name',
    'pytest -x -q',
    'pytest --lf',
    'pytest -m "not slow"',
    'pytest --cov=src --cov-report=term-missing',
    'pytest -n auto',
    'pytest -n0 -k test_name',
    'pytest tests/test_x.py::test_y -vv',
    'pytest -s',
    'pytest --tb=short',
    'pytest -rA',
    'pytest --durations=10',
    'pytest --maxfail=1 --disable-warnings',
  ],
  pip: [
    'pip install requests',
    'pip install -r requirements.txt',
    'pip install -e .',
    'pip install -e ".[test]"',
    'pip install --upgrade pip',
    'pip install --no-cache-dir -r requirements.txt',
    'pip list --outdated',
    'pip show requests',
    'pip uninstall -y requests',
    'pip install --user black',
    'pip install "django>=4.0"',
    'pip install -e . --group dev',
    'pip cache purge',
    'pip check',
  ],
  pip3: ['pip3 install -U setuptools wheel', 'pip3 install -r requirements.txt'],
  'ts-node': ['ts-node src/index.ts', 'ts-node --transpile-only script.ts', 'ts-node -P tsconfig.json src/x.ts'],
  elixir: ['elixir script.exs'],
  tsx: ['tsx src/index.ts', 'tsx watch src/index.ts', 'tsx --tsconfig tsconfig.json src/x.ts'],
  deno: [
    'deno run main.ts',
    'deno run --allow-net server.ts',
    'deno test',
    'deno fmt',
    'deno lint',
    'deno task dev',
    'deno check main.ts',
    'deno run --allow-read main.ts --port 8000',
    'deno fmt --check',
  ],
  julia: ['julia script.jl', 'julia --project script.jl', 'julia -t 4 script.jl', 'julia --project=. script.jl'],
  osascript: ['osascript script.scpt', 'osascript script.scpt arg1'],
  kubectl: [
    'kubectl get pods',
    'kubectl get pods -n dev -o wide',
    'kubectl describe pod web-1',
    'kubectl logs -f pod-x',
    'kubectl logs deploy/web --tail=100',
    'kubectl apply -f k8s/',
    'kubectl delete -f deploy.yaml',
    'kubectl config get-contexts',
    'kubectl config use-context dev',
    'kubectl port-forward svc/web 8080:80',
    'kubectl rollout status deploy/web',
    'kubectl get svc -A',
    'kubectl scale deploy web --replicas=3',
    'kubectl get pods -l app=web',
    'kubectl get nodes -o json',
    'kubectl get pods --context prod -n web',
    'kubectl apply -k overlays/dev',
    'kubectl wait --for=condition=ready pod -l app=web --timeout=60s',
  ],
  'docker-compose': [
    'docker-compose up -d',
    'docker-compose down',
    'docker-compose logs -f web',
    'docker-compose ps',
    'docker-compose build',
    'docker-compose -f docker-compose.dev.yml up',
    'docker-compose up --build',
    'docker-compose down -v',
    'docker-compose up -d --remove-orphans',
    'docker-compose build --no-cache',
  ],
  helm: [
    'helm install my-release ./chart',
    'helm upgrade --install web ./chart -f values.yaml',
    'helm list -A',
    'helm repo add bitnami https://charts.bitnami.com/bitnami',
    'helm repo update',
    'helm template web ./chart',
    'helm lint ./chart',
    'helm uninstall web',
    'helm dependency update ./chart',
    'helm upgrade web ./chart --set image.tag=v2 -n prod',
    'helm rollback web 1',
    'helm install web ./chart --namespace prod --create-namespace --wait',
  ],
  man: ['man ls', 'man 3 printf', 'man -k socket'],
  fzf: ['fzf', 'fzf -m', 'fzf --height 40%', 'fzf --query foo'],
  emacs: ['emacs notes.txt', 'emacs -Q'],
  nc: ['nc -zv localhost 8080', 'nc -l 8080', 'nc localhost 80'],
  rsync: [
    'rsync -avz src/ dest/',
    'rsync -av --delete src/ backup/',
    'rsync -avz --exclude node_modules . build/',
    'rsync -a --progress a b',
    'rsync -rv --dry-run a/ b/',
  ],
  rustup: [
    'rustup update',
    'rustup default stable',
    'rustup target add wasm32-unknown-unknown',
    'rustup component add clippy rustfmt',
    'rustup toolchain install nightly',
    'rustup show',
  ],
  'ssh-keygen': ['ssh-keygen -t ed25519 -C "me@example.com"', 'ssh-keygen -lf key.pub'],
  sqlite3: ['sqlite3 db.sqlite', 'sqlite3 app.db ".tables"', 'sqlite3 -header -column app.db "select 1"'],
  unset: ['unset FOO', 'unset -v X'],
  pyenv: ['pyenv install 3.11.7', 'pyenv local 3.11.7', 'pyenv versions', 'pyenv install --list', 'pyenv which python'],
  rbenv: ['rbenv install 3.2.2', 'rbenv local 3.2.2', 'rbenv versions'],
  jenv: ['jenv versions', 'jenv local 17', 'jenv global 17'],
  asdf: ['asdf install', 'asdf install nodejs 20.1.0', 'asdf plugin add nodejs', 'asdf current'],
  lerna: ['lerna run build', 'lerna run test --stream', 'lerna run build --scope my-pkg', 'lerna list', 'lerna changed'],
  bundle: ['bundle install', 'bundle update', 'bundle add rails', 'bundle install --jobs 4', 'bundle outdated'],
  direnv: ['direnv reload', 'direnv status'],
  brew: [
    'brew install wget',
    'brew update',
    'brew upgrade',
    'brew list',
    'brew install --cask firefox',
    'brew info node',
    'brew search ripgrep',
    'brew uninstall wget',
    'brew outdated',
  ],
  gem: ['gem install bundler', 'gem list', 'gem update --system', 'gem uninstall rails'],
  aws: [
    'aws s3 ls',
    'aws sts get-caller-identity',
    'aws ec2 describe-instances --region us-east-1',
    'aws sso login --profile dev',
    'aws lambda list-functions',
    'aws configure set output json --profile p',
    'aws dynamodb list-tables --output table',
  ],
  crontab: ['crontab -l'],
  systemctl: ['systemctl status nginx', 'systemctl restart nginx', 'systemctl --user status app', 'systemctl daemon-reload'],
  terraform: [
    'terraform init',
    'terraform plan',
    'terraform apply',
    'terraform plan -out=tfplan',
    'terraform validate',
    'terraform plan -var-file=dev.tfvars',
    'terraform init -upgrade',
    'terraform workspace select dev',
    'terraform state list',
  ],
  gcloud: [
    'gcloud auth login',
    'gcloud config set project my-project',
    'gcloud compute instances list',
    'gcloud run deploy web --image gcr.io/p/web --region us-central1',
    'gcloud projects list',
  ],
};

describe('hand rules read with their spec', () => {
  it('the programs tested here are hand rules read with their spec', () => {
    for (const name of new Set([...Object.keys(UNKNOWN), ...Object.keys(EVERYDAY)]))
      expect(handRule(name)?.policy, name).toEqual({ kind: 'spec', checks: true });
  });

  it('an option the spec does not define is compound, in every spelling', () => {
    const lax: string[] = [];
    for (const commands of Object.values(UNKNOWN))
      for (const c of commands) {
        const r = classify(c);
        if (r.kind !== 'compound' || !r.key.includes('#unknown_option')) lax.push(`${c}: ${r.kind} ${r.key}`);
      }
    expect(lax).toEqual([]);
    expect(Object.keys(UNKNOWN).length).toBeGreaterThanOrEqual(15);
  });

  it('everyday uses stay simple', () => {
    const blocked: string[] = [];
    for (const commands of Object.values(EVERYDAY))
      for (const c of commands) {
        const r = classify(c);
        if (r.kind !== 'simple') blocked.push(`${c}: ${r.kind} ${r.key} (${r.kind === 'compound' ? r.reason : ''})`);
      }
    expect(blocked).toEqual([]);
  });

  it('the hand rule’s checks still apply: what runs and what is written', () => {
    expect(classify('helm install x ./chart --post-renderer ./r.sh').key).toContain('#post_renderer-[-./r.sh-]');
    expect(classify('rsync -e "sh -c x" a b').key).toContain('#rsh-[-sh-[-x-]-]');
    expect(classify('pytest -p evil_plugin').key).toContain('#p-');
    expect(classify('kubectl exec -it web -- sh -c "rm -rf x"').key).toContain('[-sh-[-rm-]-]');
  });

  it('the default is applied once: paths outside the project, options that run things', () => {
    const once = (c: string, token: string) => expect((classify(c).key ?? '').split(token).length - 1, c).toBe(1);
    once('helm install x ./chart --post-renderer ./r.sh', '#post_renderer');
    once('kubectl --kubeconfig ../k get pods', '#outside');
    once('mvn --settings ../x test', '#settings');
    once('brew install --cask ../evil.rb', '#outside');
    // An unknown global option is keyed once, though the subcommand table and the spec both meet it.
    once('gh --evil pr list', '#unknown_option');
    once('kubectl --evil apply -f x.yaml', '#unknown_option');
  });

  it('--help and --version stay plain', () => {
    for (const name of Object.keys(UNKNOWN)) {
      expect(classify(`${name} --help`).kind, name).toBe('simple');
      expect(classify(`${name} --version`).kind, name).toBe('simple');
    }
  });

  it('a word known only at run time where an option may stand is not read as plain', () => {
    expect(classify('kubectl get pods $X').kind).toBe('compound');
    expect(classify('terraform plan $ARGS').kind).toBe('compound');
  });
});
