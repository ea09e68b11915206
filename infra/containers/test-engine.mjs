// What `npm test` needs from a container engine: the infrastructure images present (built here from
// their recipes when the engine is our podman; a Docker host pulls them) and a Docker-compatible API for
// testcontainers. Returns { env, stop } — the engine's environment for testcontainers and how to let go.
import { ensureBases } from './bases.mjs';
import { externalDockerHost, hasPodman, startApiSocket } from './engine.mjs';

export async function openTestEngine({ log = console.log } = {}) {
  const dockerHost = externalDockerHost();
  if (dockerHost) return { env: { DOCKER_HOST: dockerHost }, stop: () => {} };
  if (!hasPodman()) {
    throw new Error(
      'no container engine: run `node infra/local/setup.mjs` (installs podman) or set DOCKER_HOST',
    );
  }
  await ensureBases(['postgres', 'redis', 'kafka', 'maildev'], { log });
  const socket = await startApiSocket();
  return {
    // Podman has no Ryuk image to pull here; the run stops its own containers (test.mjs, on every exit).
    env: { DOCKER_HOST: socket.dockerHost, TESTCONTAINERS_RYUK_DISABLED: 'true' },
    stop: socket.stop,
  };
}
