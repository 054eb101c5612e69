/**
 * The deployment examples (compose.yaml, deploy/kubernetes.yaml) agree with the server and its
 * image: probe paths are the server's probe routes, ports are the Dockerfile's, every variable set
 * is one Folio reads, the migration command is the one the container test runs, and the pods run
 * as the image's user. Read from the files' text, so a manifest that drifts fails here.
 */
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { z } from 'zod'

import { zServerEnv } from '~/server/env'

const read = (file: string) => readFileSync(file, 'utf8')

/** A YAML file's documents as plain values; a syntax error fails the test. */
function yamlDocuments(file: string): unknown[] {
  const documents = parseAllDocuments(read(file))
  if (!Array.isArray(documents)) return []
  return documents.map((document) => {
    expect(
      document.errors.map((error) => error.message),
      file,
    ).toEqual([])
    const value: unknown = document.toJS()
    return value
  })
}

// ── The shapes read from the manifests ─────────────────────────────────────────────────────────

const zEnvironment = z.record(z.string(), z.string())
const zCommand = z.union([z.string(), z.array(z.string())])

const zCompose = z.object({
  services: z.record(
    z.string(),
    z.object({
      image: z.string().optional(),
      build: z.unknown().optional(),
      command: zCommand.optional(),
      environment: zEnvironment.optional(),
      ports: z.array(z.string()).optional(),
      depends_on: z
        .union([z.array(z.string()), z.record(z.string(), z.object({ condition: z.string() }))])
        .optional(),
      healthcheck: z.object({ test: zCommand }).optional(),
    }),
  ),
})

const zHttpProbe = z.object({
  httpGet: z.object({ path: z.string(), port: z.union([z.string(), z.number()]) }),
})

const zContainer = z.object({
  name: z.string(),
  image: z.string(),
  command: z.array(z.string()).optional(),
  ports: z.array(z.object({ name: z.string().optional(), containerPort: z.number() })).optional(),
  envFrom: z.array(
    z.union([
      z.object({ secretRef: z.object({ name: z.string() }) }),
      z.object({ configMapRef: z.object({ name: z.string() }) }),
    ]),
  ),
  livenessProbe: zHttpProbe.optional(),
  readinessProbe: zHttpProbe.optional(),
  startupProbe: zHttpProbe.optional(),
  securityContext: z
    .object({
      runAsUser: z.number().optional(),
      allowPrivilegeEscalation: z.boolean().optional(),
      readOnlyRootFilesystem: z.boolean().optional(),
    })
    .optional(),
  volumeMounts: z.array(z.object({ name: z.string(), mountPath: z.string() })).optional(),
})

const zPodSpec = z.object({
  terminationGracePeriodSeconds: z.number().optional(),
  securityContext: z
    .object({ runAsNonRoot: z.boolean().optional(), runAsUser: z.number().optional() })
    .optional(),
  containers: z.array(zContainer).min(1),
  volumes: z.array(z.object({ name: z.string(), emptyDir: z.object({}).optional() })).optional(),
})

const zMeta = z.object({
  apiVersion: z.string().min(1),
  kind: z.string().min(1),
  metadata: z.object({ name: z.string().min(1) }),
})

const zKubernetes = z.discriminatedUnion('kind', [
  zMeta.extend({ kind: z.literal('Secret'), stringData: zEnvironment }),
  zMeta.extend({ kind: z.literal('ConfigMap'), data: zEnvironment }),
  zMeta.extend({ kind: z.literal('Job'), spec: z.object({ template: z.object({ spec: zPodSpec }) }) }),
  zMeta.extend({
    kind: z.literal('Deployment'),
    spec: z.object({ replicas: z.number(), template: z.object({ spec: zPodSpec }) }),
  }),
  zMeta.extend({
    kind: z.literal('Service'),
    spec: z.object({
      ports: z.array(z.object({ port: z.number(), targetPort: z.union([z.string(), z.number()]) })),
    }),
  }),
])
type KubernetesDocument = z.infer<typeof zKubernetes>

// ── The files ──────────────────────────────────────────────────────────────────────────────────

const compose = zCompose.parse(yamlDocuments('compose.yaml')[0])
const kubernetesDocuments = yamlDocuments('deploy/kubernetes.yaml')
const kubernetes = kubernetesDocuments.map((document, index) => {
  const parsed = zKubernetes.safeParse(document)
  if (!parsed.success)
    throw new Error(`deploy/kubernetes.yaml, document ${index + 1}:\n${z.prettifyError(parsed.error)}`)
  return parsed.data
})

function only<K extends KubernetesDocument['kind']>(kind: K) {
  const found = kubernetes.filter(
    (document): document is Extract<KubernetesDocument, { kind: K }> => document.kind === kind,
  )
  expect(found, `one ${kind} in deploy/kubernetes.yaml`).toHaveLength(1)
  const [document] = found
  if (!document) throw new Error(`no ${kind}`)
  return document
}

function service(name: string) {
  const found = compose.services[name]
  if (!found) throw new Error(`compose.yaml has no service ${name}`)
  return found
}

const secret = only('Secret')
const configMap = only('ConfigMap')
const job = only('Job')
const deployment = only('Deployment')
const pod = deployment.spec.template.spec
const [server] = pod.containers
const [migrateContainer] = job.spec.template.spec.containers
const sharedEnv = service('app').environment ?? {}

const dockerfile = read('Dockerfile')

/** The last value the Dockerfile's final stage gives an instruction, e.g. `EXPOSE` or `USER`. */
const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))
const instruction = (name: string) =>
  [...finalStage.matchAll(new RegExp(`^${name} (.+)$`, 'gm'))].map((match) => match[1]?.trim()).at(-1)

/** The probe routes the server declares: route file → the path its createFileRoute names. */
const probeRoutes = ['live', 'ready'].map((name) => {
  const file = `src/routes/api/health/${name}.ts`
  expect(existsSync(file), file).toBe(true)
  const path = /createFileRoute\('([^']+)'\)/.exec(read(file))?.[1]
  expect(path, `${file} declares its route`).toBe(`/api/health/${name}`)
  return path
})

/** The variables Folio reads, and that a deployment may set. */
const knownVariables = new Set([
  // Validated by src/server/env.ts.
  ...Object.keys(zServerEnv.in.shape),
  // Read by the AWS SDK itself (AWS_ENDPOINT_URL_S3 is validated above too).
  'AWS_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  // Read by the server process and the migration command.
  'HOST',
  'SERVER_SHUTDOWN_TIMEOUT',
  'MIGRATIONS_DIR',
])

const asArgs = (command: string | string[] | undefined) =>
  typeof command === 'string' ? command.split(/\s+/) : (command ?? [])

describe('deployment manifests', () => {
  it('probe only the routes the server declares', () => {
    const kubernetesProbes = [pod, job.spec.template.spec]
      .flatMap((spec) => spec.containers)
      .flatMap((container) => [container.livenessProbe, container.readinessProbe, container.startupProbe])
      .filter((probe) => probe !== undefined)
    expect(server?.livenessProbe?.httpGet.path).toBe('/api/health/live')
    expect(server?.readinessProbe?.httpGet.path).toBe('/api/health/ready')

    const composeProbes = Object.values(compose.services).flatMap((entry) =>
      [
        ...asArgs(entry.healthcheck?.test)
          .join(' ')
          .matchAll(/https?:\/\/[^/'"`\s]+(\/[^'"`\s]*)/g),
      ].map((match) => match[1]),
    )
    for (const path of [...kubernetesProbes.map((probe) => probe.httpGet.path), ...composeProbes])
      expect(probeRoutes).toContain(path)
  })

  it('serve on the port the image exposes, named http for the probes and the Service', () => {
    const port = Number(instruction('EXPOSE'))
    expect(port).toBe(3000)
    expect(instruction('ENV')).toMatch(new RegExp(`(^|\\s)PORT=${port}(\\s|$)`))

    expect(server?.ports).toEqual([{ name: 'http', containerPort: port }])
    for (const probe of [server?.livenessProbe, server?.readinessProbe])
      expect(probe?.httpGet.port).toBe('http')
    expect(only('Service').spec.ports).toEqual([expect.objectContaining({ port: 80, targetPort: 'http' })])

    expect(service('app').ports).toEqual([`${port}:${port}`])
    for (const url of asArgs(service('app').healthcheck?.test)
      .join(' ')
      .matchAll(/127\.0\.0\.1:(\d+)/g))
      expect(Number(url[1])).toBe(port)
  })

  it('set only variables Folio reads', () => {
    const set = {
      'compose.yaml (x-app-env)': Object.keys(sharedEnv),
      'the ConfigMap': Object.keys(configMap.data),
      'the Secret': Object.keys(secret.stringData),
    }
    for (const [where, names] of Object.entries(set)) {
      expect(names.length, where).toBeGreaterThan(0)
      expect(
        names.filter((name) => !knownVariables.has(name)),
        `variables in ${where} that Folio does not read`,
      ).toEqual([])
    }
    // What production requires, in each.
    for (const name of ['AUTH_SECRET', 'SMTP_URL', 'DATABASE_URL', 'BASE_URL']) {
      expect(sharedEnv, name).toHaveProperty(name)
      expect({ ...configMap.data, ...secret.stringData }, name).toHaveProperty(name)
    }
    // Secrets come from the shell or the Secret, never from the committed files.
    expect(sharedEnv.AUTH_SECRET).toMatch(/^\$\{AUTH_SECRET:\?/)
    expect(sharedEnv.SMTP_URL).toMatch(/^\$\{SMTP_URL:\?/)
    expect(Object.keys(configMap.data)).not.toContain('AUTH_SECRET')
    // The migration and the app share one environment, and the pods read the Secret and ConfigMap above.
    expect(service('migrate').environment).toEqual(sharedEnv)
    for (const container of [server, migrateContainer])
      expect(container?.envFrom).toEqual([
        { secretRef: { name: secret.metadata.name } },
        { configMapRef: { name: configMap.metadata.name } },
      ])
  })

  it("migrate with compose's command (which the container test runs), before the app starts", () => {
    const testedArgs = ['node', '.output/server/db.mjs', 'migrate']

    expect(asArgs(service('migrate').command)).toEqual(testedArgs)
    expect(migrateContainer?.command).toEqual(testedArgs)
    expect(job.metadata.name).toBe('folio-migrate')
    expect(migrateContainer?.image).toBe(server?.image)
    expect(service('app').depends_on).toMatchObject({
      migrate: { condition: 'service_completed_successfully' },
    })
    expect(read('docs/deploy.md')).toContain(testedArgs.join(' '))
  })

  it('name every Kubernetes object, and run the pods as the image user on a read-only root', () => {
    expect(kubernetesDocuments.length).toBe(kubernetes.length)
    for (const document of kubernetes) expect(document.metadata.name).toMatch(/^[a-z0-9-]+$/)
    expect(kubernetes.map((document) => document.kind).sort()).toEqual([
      'ConfigMap',
      'Deployment',
      'Job',
      'Secret',
      'Service',
    ])
    expect(deployment.metadata.name).toBe('folio')
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2)

    // `node`, uid 1000 in the official Node images the Dockerfile builds on.
    expect(instruction('USER')).toBe('node')
    expect(instruction('WORKDIR')).toBe('/app')
    for (const spec of [pod, job.spec.template.spec]) {
      expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 })
      for (const container of spec.containers) {
        expect(container.securityContext?.runAsUser ?? 1000).toBe(1000)
        expect(container.securityContext).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
        })
      }
    }
    // The only places the server writes, each an emptyDir.
    const emptyDirs = new Set(pod.volumes?.filter((volume) => volume.emptyDir).map((volume) => volume.name))
    const mounts = server?.volumeMounts ?? []
    expect(mounts.map((mount) => mount.mountPath).sort()).toEqual(['/app/.data', '/tmp'])
    for (const mount of mounts) expect(emptyDirs).toContain(mount.name)
    // Time to finish the requests in flight (SERVER_SHUTDOWN_TIMEOUT, 5 s by default) after the stop.
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(15)
  })

  it('document every variable Folio reads', () => {
    const guide = read('docs/deploy.md')
    expect([...knownVariables].filter((name) => !guide.includes(`\`${name}\``))).toEqual([])
  })
})
