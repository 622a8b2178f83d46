/**
 * Whether and how tracing runs, read from the standard OpenTelemetry environment variables
 * (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/). Pure: no
 * OpenTelemetry module is loaded here, so a process with tracing off never loads one.
 *
 * - Off unless an exporter is asked for: `OTEL_TRACES_EXPORTER` (`otlp`, `console`, comma-separated; `none`
 *   turns tracing off) or, when that is unset, an OTLP endpoint (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` or
 *   `OTEL_EXPORTER_OTLP_ENDPOINT`). The SDK's own default exporter is `otlp`; ours is none, so a process
 *   without these variables does no tracing work at all.
 * - `OTEL_SDK_DISABLED=true` turns tracing off whatever else is set.
 * - Sampler: `OTEL_TRACES_SAMPLER` (`always_on`, `always_off`, `traceidratio`, `parentbased_always_on` the
 *   default, `parentbased_always_off`, `parentbased_traceidratio`) and `OTEL_TRACES_SAMPLER_ARG` (the ratio,
 *   0…1, default 1). An unknown or unsupported sampler (`jaeger_remote`, `xray`, …) or a bad ratio gives a
 *   warning and the default, as the specification asks.
 * - Only the `http/protobuf` OTLP protocol is installed: another `OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL`
 *   gives a warning and http/protobuf.
 *
 * `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES` and the `OTEL_EXPORTER_OTLP_*` endpoint, header, timeout
 * and compression variables are read by the SDK itself (resources' env detector, the OTLP exporter).
 */

/** A span exporter the variables can choose. */
export type TracesExporterName = 'otlp' | 'console';

/** The sampler names of the specification this SDK setup honours. */
export const SAMPLER_NAMES = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

export type SamplerName = (typeof SAMPLER_NAMES)[number];

/** How tracing runs when it is on. */
export interface TracingSettings {
  exporters: TracesExporterName[];
  sampler: SamplerName;
  /** The ratio of `traceidratio` samplers, 0…1. */
  ratio: number;
  /** Settings that were ignored, in words (logged at start). */
  warnings: string[];
}

/** Tracing on with its settings, or off with the reason. */
export type TracingDecision =
  | { enabled: true; settings: TracingSettings }
  | { enabled: false; reason: string };

const EXPORTERS: readonly string[] = ['otlp', 'console'];

/** `env[key]` trimmed; undefined when unset or blank. */
function read(env: Record<string, string | undefined>, key: string): string | undefined {
  const value = env[key]?.trim();
  return value ? value : undefined;
}

/** The sampler from `OTEL_TRACES_SAMPLER` / `OTEL_TRACES_SAMPLER_ARG`, with warnings for what is ignored. */
function samplerOf(
  env: Record<string, string | undefined>,
  warnings: string[],
): { sampler: SamplerName; ratio: number } {
  const given = read(env, 'OTEL_TRACES_SAMPLER')?.toLowerCase();
  let sampler: SamplerName = 'parentbased_always_on';
  if (given && (SAMPLER_NAMES as readonly string[]).includes(given)) sampler = given as SamplerName;
  else if (given) warnings.push(`OTEL_TRACES_SAMPLER=${given} is not supported; using parentbased_always_on`);
  let ratio = 1;
  const arg = read(env, 'OTEL_TRACES_SAMPLER_ARG');
  if (arg !== undefined && sampler.endsWith('traceidratio')) {
    const n = Number(arg);
    if (Number.isFinite(n) && n >= 0 && n <= 1) ratio = n;
    else warnings.push(`OTEL_TRACES_SAMPLER_ARG=${arg} is not a ratio in [0, 1]; using 1`);
  }
  return { sampler, ratio };
}

/**
 * Decides from `env` whether tracing is on (see the module doc for the rules) and with which exporters and
 * sampler. Never throws: a malformed value is a warning in `settings.warnings`.
 */
export function tracingDecision(env: Record<string, string | undefined>): TracingDecision {
  if (read(env, 'OTEL_SDK_DISABLED')?.toLowerCase() === 'true') {
    return { enabled: false, reason: 'OTEL_SDK_DISABLED=true' };
  }
  const warnings: string[] = [];
  let exporters: TracesExporterName[];
  const listed = read(env, 'OTEL_TRACES_EXPORTER');
  if (listed !== undefined) {
    const names = listed
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);
    if (names.includes('none')) return { enabled: false, reason: 'OTEL_TRACES_EXPORTER=none' };
    for (const name of names) {
      if (!EXPORTERS.includes(name)) warnings.push(`OTEL_TRACES_EXPORTER=${name} is not installed; ignored`);
    }
    exporters = [...new Set(names.filter((name) => EXPORTERS.includes(name)))] as TracesExporterName[];
    if (exporters.length === 0) {
      return { enabled: false, reason: `OTEL_TRACES_EXPORTER=${listed} names no installed exporter` };
    }
  } else if (read(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') || read(env, 'OTEL_EXPORTER_OTLP_ENDPOINT')) {
    exporters = ['otlp'];
  } else {
    return { enabled: false, reason: 'no OTEL_TRACES_EXPORTER nor OTLP endpoint set' };
  }
  if (exporters.includes('otlp')) {
    const protocol =
      read(env, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') ?? read(env, 'OTEL_EXPORTER_OTLP_PROTOCOL');
    if (protocol && protocol !== 'http/protobuf') {
      warnings.push(`OTLP protocol ${protocol} is not installed; using http/protobuf`);
    }
  }
  return { enabled: true, settings: { exporters, ...samplerOf(env, warnings), warnings } };
}
