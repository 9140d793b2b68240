import type { Config } from '../config/config';

/**
 * A builder run once per configuration: every function of a process (all of them, in the local runtime) shares the
 * adapters and their connections, and a changed configuration (the runtime's restart, a test) gets new ones.
 */
export function perConfig<T>(build: (cfg: Config) => T): (cfg: Config) => T {
  const built = new WeakMap<Config, T>();
  return (cfg) => {
    if (!built.has(cfg)) built.set(cfg, build(cfg));
    return built.get(cfg)!;
  };
}
