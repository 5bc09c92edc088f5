import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { WebSocketServer, type WebSocket } from 'ws';
import type { PodmanKubelet } from './podman-kubelet.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'kubernetes-api');
const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8')) as Record<string, unknown>;
const podDefaults = fixture('pod.json');
const podStatuses = fixture('pod-statuses.json');
const claimDefaults = fixture('persistentvolumeclaim.json');
const serviceDefaults = fixture('service.json');
const statuses = fixture('statuses.json');

/** A node of the recorded cluster: its labels and how many `nvidia.com/gpu` it offers. */
export interface PeerNode {
  name: string;
  labels: Record<string, string>;
  gpus: number;
}

// The objects are JSON as the API server keeps them; the peer reads the few fields it acts on.
type KubeObject = Record<string, any>;

/** The exec protocol the peer speaks: v5 closes stdin with a frame of its own. */
const execProtocol = 'v5.channel.k8s.io';

const resources = { pods: 'pods', persistentvolumeclaims: 'persistentvolumeclaims', services: 'services' } as const;
type Resource = keyof typeof resources;

/** The fixture with every `$NAME` placeholder filled; a string that is only a placeholder takes the value's type. */
function filled(template: unknown, values: Record<string, string | number>): any {
  if (typeof template === 'string') {
    const whole = /^\$([A-Z_]+)$/.exec(template);
    if (whole && whole[1]! in values) return values[whole[1]!];
    return template.replace(/\$([A-Z_]+)/g, (match, key: string) => (key in values ? String(values[key]) : match));
  }
  if (Array.isArray(template)) return template.map((item) => filled(item, values));
  if (template && typeof template === 'object')
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, filled(value, values)]));
  return template;
}

/** `a` with `b` laid over it, objects merged key by key. */
function merged(a: KubeObject, b: KubeObject): KubeObject {
  const out: KubeObject = { ...a };
  for (const [key, value] of Object.entries(b))
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && out[key] && typeof out[key] === 'object'
        ? merged(out[key], value)
        : value;
  return out;
}

const matchesSelector = (object: KubeObject, selector: string | null) =>
  !selector ||
  selector.split(',').every((term) => {
    const [key, value] = term.split('=');
    return object.metadata?.labels?.[key!] === value;
  });

const gpusOf = (pod: KubeObject) => Number(pod.spec?.containers?.[0]?.resources?.limits?.['nvidia.com/gpu'] ?? 0);

/**
 * A recorded Kubernetes API (no API server can run here): the v1 endpoints the Kubernetes driver uses — pods
 * (create, get, list, delete, watch), persistentvolumeclaims and services (create, get, delete) — answering
 * with the shapes of kube-apiserver's answers kept in `kubernetes-api/` (see its README), and moving pods as a
 * scheduler and kubelet would: scheduled on a node whose labels match and that has the cards (else Pending,
 * Unschedulable), ContainerCreating, then Running (or ImagePullBackOff for an image it cannot pull); a deleted
 * pod is Terminating, then gone. Each move is one event on the watch, a few milliseconds after the last.
 */
export class KubernetesApiPeer {
  private readonly objects: Record<Resource, Map<string, KubeObject>> = {
    pods: new Map(),
    persistentvolumeclaims: new Map(),
    services: new Map(),
  };
  private readonly podEvents: { resourceVersion: number; type: string; object: KubeObject }[] = [];
  private readonly watchers = new Set<{ namespace: string; selector: string | null; response: http.ServerResponse }>();
  private resourceVersion = 1000;
  /** Watches from before this version are answered 410 Gone (etcd compacted them). */
  private oldestWatchable = 0;
  private nextAddress = 10;
  /** Every request as `METHOD path`, for tests that check what the driver asked. */
  readonly requests: string[] = [];

  private readonly execSockets = new WebSocketServer({ noServer: true, handleProtocols: () => execProtocol });

  private constructor(
    private readonly server: http.Server,
    private readonly nodes: PeerNode[],
    private readonly unpullableImages: Set<string>,
    private readonly kubelet: PodmanKubelet | undefined,
  ) {}

  /** With a `kubelet`, running pods are real containers and exec runs in them; without one, pods run nothing and exec is refused. */
  static async start(o: { nodes: PeerNode[]; unpullableImages?: string[]; kubelet?: PodmanKubelet }) {
    const server = http.createServer((request, response) => peer.handle(request, response));
    const peer = new KubernetesApiPeer(server, o.nodes, new Set(o.unpullableImages ?? []), o.kubelet);
    server.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => peer.upgrade(request, socket, head));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return peer;
  }

  get url() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A kubeconfig file in `dir` whose current context is this peer. */
  writeKubeconfig(dir: string) {
    const file = path.join(dir, 'kubeconfig');
    const config = {
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'recorded', cluster: { server: this.url, 'insecure-skip-tls-verify': true } }],
      users: [{ name: 'recorded', user: { token: 'recorded-api-token' } }],
      contexts: [{ name: 'recorded', context: { cluster: 'recorded', user: 'recorded' } }],
      'current-context': 'recorded',
    };
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(config));
    return file;
  }

  /** The object as the API server holds it now. */
  get(resource: Resource, namespace: string, name: string): KubeObject | undefined {
    return this.objects[resource].get(`${namespace}/${name}`);
  }

  /** The pod's container exits (137 with reason OOMKilled is the kernel's OOM kill). */
  terminate(namespace: string, name: string, o: { exitCode: number; reason: 'Error' | 'OOMKilled' | 'Completed' }) {
    const pod = this.mustGet(namespace, name);
    void this.kubelet?.kill(pod);
    this.setStatus(pod, 'terminated', { EXIT_CODE: o.exitCode, REASON: o.reason });
  }

  /** The kubelet evicts the pod (its node ran short of memory or disk). */
  evict(namespace: string, name: string) {
    this.setStatus(this.mustGet(namespace, name), 'evicted', {
      MESSAGE: 'The node was low on resource: memory. Threshold quantity: 100Mi, available: 52324Ki.',
    });
  }

  /** Compacts the watch history and ends every watch: a client resuming from its resourceVersion is told 410 Gone. */
  expireWatches() {
    this.oldestWatchable = this.resourceVersion + 1;
    for (const watcher of this.watchers) watcher.response.end();
    this.watchers.clear();
  }

  async close() {
    for (const watcher of this.watchers) watcher.response.destroy();
    this.watchers.clear();
    for (const client of this.execSockets.clients) client.terminate();
    await this.kubelet?.removeAll();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private mustGet(namespace: string, name: string) {
    const pod = this.get('pods', namespace, name);
    if (!pod) throw new Error(`the recorded cluster has no pod ${namespace}/${name}`);
    return pod;
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url!, this.url);
    this.requests.push(`${request.method} ${url.pathname}`);
    const route = /^\/api\/v1\/namespaces\/([^/]+)\/(pods|persistentvolumeclaims|services)(?:\/([^/]+))?$/.exec(url.pathname);
    if (!route) return this.send(response, 404, filled(statuses.notFound, { RESOURCE: 'the server', NAME: url.pathname }));
    const [, namespace, resource, name] = route as unknown as [string, string, Resource, string | undefined];
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && !name) return void this.create(response, resource, namespace, JSON.parse(body) as KubeObject);
      if (request.method === 'GET' && !name && url.searchParams.get('watch') === 'true')
        return this.watch(response, namespace, url.searchParams.get('labelSelector'), url.searchParams.get('resourceVersion'));
      if (request.method === 'GET' && !name) return this.list(response, resource, namespace, url.searchParams.get('labelSelector'));
      const object = name ? this.get(resource, namespace, name) : undefined;
      if (!object) return this.send(response, 404, filled(statuses.notFound, { RESOURCE: resource, NAME: name ?? '' }));
      if (request.method === 'GET') return this.send(response, 200, object);
      if (request.method === 'DELETE') return void this.remove(response, resource, object);
      this.send(response, 405, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'MethodNotAllowed', code: 405 });
    });
  }

  private send(response: http.ServerResponse, code: number, body: unknown) {
    response.writeHead(code, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  private stamp(object: KubeObject) {
    object.metadata.resourceVersion = String(++this.resourceVersion);
    return object;
  }

  private serverFields(template: unknown, namespace: string, extra: Record<string, string | number> = {}) {
    return filled(template, {
      NAMESPACE: namespace,
      UID: randomUUID(),
      RESOURCE_VERSION: '0',
      NOW: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      ...extra,
    }) as KubeObject;
  }

  private async create(response: http.ServerResponse, resource: Resource, namespace: string, posted: KubeObject) {
    const name = posted.metadata?.name as string;
    if (this.get(resource, namespace, name))
      return this.send(response, 409, filled(statuses.alreadyExists, { RESOURCE: resource, NAME: name }));
    let object: KubeObject;
    if (resource === 'pods') object = merged(this.serverFields(podDefaults, namespace), posted);
    else if (resource === 'services') {
      const clusterIp = `10.96.0.${this.nextAddress++}`;
      object = merged(this.serverFields(serviceDefaults, namespace, { CLUSTER_IP: clusterIp }), posted);
      if (object.spec.type === 'NodePort')
        object.spec.ports = object.spec.ports.map((port: KubeObject, i: number) => ({ ...port, nodePort: 30000 + this.nextAddress + i }));
    } else {
      const storage = posted.spec?.resources?.requests?.storage as string;
      object = merged(this.serverFields(claimDefaults, namespace, { STORAGE: storage }), posted);
      try {
        await this.kubelet?.createVolume(object);
      } catch (error) {
        return this.send(response, 500, { kind: 'Status', apiVersion: 'v1', status: 'Failure', message: String(error), code: 500 });
      }
    }
    this.stamp(object);
    this.objects[resource].set(`${namespace}/${name}`, object);
    if (resource === 'pods') {
      this.event('ADDED', object);
      this.later(() => this.schedule(object));
    }
    this.send(response, 201, object);
  }

  private list(response: http.ServerResponse, resource: Resource, namespace: string, selector: string | null) {
    const items = [...this.objects[resource].values()].filter(
      (object) => object.metadata.namespace === namespace && matchesSelector(object, selector),
    );
    const kind = { pods: 'PodList', persistentvolumeclaims: 'PersistentVolumeClaimList', services: 'ServiceList' }[resource];
    this.send(response, 200, { kind, apiVersion: 'v1', metadata: { resourceVersion: String(this.resourceVersion) }, items });
  }

  private watch(response: http.ServerResponse, namespace: string, selector: string | null, from: string | null) {
    response.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
    response.flushHeaders();
    const since = Number(from ?? 0);
    if (from && since < this.oldestWatchable) {
      const gone = filled(statuses.gone, { NAME: from, RESOURCE_VERSION: String(this.oldestWatchable) });
      response.end(`${JSON.stringify({ type: 'ERROR', object: gone })}\n`);
      return;
    }
    const watcher = { namespace, selector, response };
    for (const event of this.podEvents) if (event.resourceVersion > since) this.deliver(watcher, event);
    this.watchers.add(watcher);
    response.on('close', () => this.watchers.delete(watcher));
  }

  private deliver(
    watcher: { namespace: string; selector: string | null; response: http.ServerResponse },
    event: { type: string; object: KubeObject },
  ) {
    if (event.object.metadata.namespace !== watcher.namespace || !matchesSelector(event.object, watcher.selector)) return;
    watcher.response.write(`${JSON.stringify({ type: event.type, object: event.object })}\n`);
  }

  private event(type: 'ADDED' | 'MODIFIED' | 'DELETED', pod: KubeObject) {
    const event = { resourceVersion: Number(pod.metadata.resourceVersion), type, object: structuredClone(pod) };
    this.podEvents.push(event);
    for (const watcher of this.watchers) this.deliver(watcher, event);
  }

  /** One step of the scheduler or kubelet, a moment after the last (each is its own watch event). */
  private later(step: () => unknown) {
    setTimeout(step, 5).unref();
  }

  private setStatus(pod: KubeObject, kind: string, values: Record<string, string | number> = {}) {
    const node = this.nodes.find((candidate) => candidate.name === pod.spec.nodeName);
    pod.status = filled(podStatuses[kind], {
      NOW: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      HOST_IP: `192.168.50.${node ? this.nodes.indexOf(node) + 10 : 0}`,
      POD_IP: pod.status?.podIP ?? `10.244.1.${this.nextAddress++}`,
      IMAGE: pod.spec.containers[0].image,
      UID: pod.metadata.uid,
      ...values,
    });
    this.stamp(pod);
    this.event('MODIFIED', pod);
  }

  private live(pod: KubeObject) {
    return this.objects.pods.get(`${pod.metadata.namespace}/${pod.metadata.name}`) === pod;
  }

  /** Cards of the node taken by pods bound to it that have not ended. */
  private gpusUsed(node: PeerNode) {
    return [...this.objects.pods.values()]
      .filter((pod) => pod.spec.nodeName === node.name && pod.status?.phase !== 'Failed' && pod.status?.phase !== 'Succeeded')
      .reduce((sum, pod) => sum + gpusOf(pod), 0);
  }

  private schedule(pod: KubeObject) {
    if (!this.live(pod) || pod.spec.nodeName || pod.metadata.deletionTimestamp) return;
    const selector: Record<string, string> = pod.spec.nodeSelector ?? {};
    const matching = this.nodes.filter((node) => Object.entries(selector).every(([key, value]) => node.labels[key] === value));
    const fitting = matching.filter((node) => node.gpus - this.gpusUsed(node) >= gpusOf(pod));
    if (fitting.length === 0) {
      const reasons = [
        matching.length > 0 ? `${matching.length} Insufficient nvidia.com/gpu` : '',
        this.nodes.length > matching.length
          ? `${this.nodes.length - matching.length} node(s) didn't match Pod's node affinity/selector`
          : '',
      ].filter(Boolean);
      const message = `0/${this.nodes.length} nodes are available: ${reasons.join(', ')}. preemption: 0/${this.nodes.length} nodes are available: ${this.nodes.length} No preemption victims found for incoming pod.`;
      if (pod.status?.conditions?.[0]?.message !== message) this.setStatus(pod, 'unschedulable', { MESSAGE: message });
      return;
    }
    pod.spec.nodeName = fitting[0]!.name;
    this.setStatus(pod, 'containerCreating');
    this.later(async () => {
      if (!this.live(pod) || pod.metadata.deletionTimestamp) return;
      if (this.unpullableImages.has(pod.spec.containers[0].image)) return this.setStatus(pod, 'imagePullBackOff');
      if (!this.kubelet) return this.setStatus(pod, 'running');
      try {
        const address = await this.kubelet.run(pod);
        if (this.live(pod) && !pod.metadata.deletionTimestamp) this.setStatus(pod, 'running', { POD_IP: address });
      } catch {
        this.setStatus(pod, 'terminated', { EXIT_CODE: 128, REASON: 'StartError' });
      }
    });
  }

  private async remove(response: http.ServerResponse, resource: Resource, object: KubeObject) {
    const key = `${object.metadata.namespace}/${object.metadata.name}`;
    if (resource !== 'pods') {
      this.objects[resource].delete(key);
      if (resource === 'persistentvolumeclaims') await this.kubelet?.removeVolume(object);
      return this.send(response, 200, { ...object, metadata: { ...object.metadata, deletionTimestamp: new Date().toISOString() } });
    }
    if (!object.metadata.deletionTimestamp) {
      object.metadata.deletionTimestamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
      object.metadata.deletionGracePeriodSeconds = 30;
      this.stamp(object);
      this.event('MODIFIED', object);
      this.later(async () => {
        await this.kubelet?.remove(object);
        this.objects.pods.delete(key);
        this.stamp(object);
        this.event('DELETED', object);
        for (const pending of this.objects.pods.values()) this.later(() => this.schedule(pending));
      });
    }
    this.send(response, 200, object);
  }

  /**
   * `pods/{name}/exec` as the API server serves it (channel.k8s.io over a WebSocket): stdin on channel 0 (its end as
   * a v5 close frame), stdout 1, stderr 2, then the exit as a Status on channel 3. Refused unless a kubelet runs the pod.
   */
  private upgrade(request: http.IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url!, this.url);
    this.requests.push(`${request.method} ${url.pathname}`);
    const route = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/exec$/.exec(url.pathname);
    const pod = route ? this.get('pods', route[1]!, route[2]!) : undefined;
    if (!this.kubelet || !pod || pod.status?.phase !== 'Running') {
      socket.end('HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\n\r\n');
      return;
    }
    const command = url.searchParams.getAll('command');
    const tty = url.searchParams.get('tty') === 'true';
    this.execSockets.handleUpgrade(request, socket, head, (client) => this.runExec(client, this.kubelet!.exec(pod, command, tty)));
  }

  private runExec(client: WebSocket, child: ReturnType<PodmanKubelet['exec']>) {
    const frame = (channel: number, data: Buffer) => client.send(Buffer.concat([Buffer.from([channel]), data]));
    child.stdout!.on('data', (data: Buffer) => frame(1, data));
    child.stderr!.on('data', (data: Buffer) => frame(2, data));
    child.stdin!.on('error', () => {});
    client.on('message', (message: Buffer) => {
      if (message[0] === 0) child.stdin!.write(message.subarray(1));
      else if (message[0] === 255 && message[1] === 0) child.stdin!.end();
    });
    client.on('close', () => child.kill('SIGKILL'));
    child.on('close', (code) => {
      const status = code === 0 ? statuses.execSucceeded : filled(statuses.execFailed, { EXIT_CODE: String(code ?? 137) });
      frame(3, Buffer.from(JSON.stringify(status)));
      client.close();
    });
  }
}
