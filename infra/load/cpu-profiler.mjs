// Preloaded into every process of the stack by `BENCH_PROFILE=1 npm run bench` (NODE_OPTIONS=--import,
// since node refuses --cpu-prof there): records a V8 CPU profile from start to exit and writes it as
// CPU.<time>.<pid>.cpuprofile into BENCH_PROFILE_DIR, readable by Chrome DevTools and profile-top.mjs.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  let written = false;
  // A same-thread inspector session answers synchronously, so this works inside an exit handler.
  process.on('exit', () => {
    if (written) return;
    written = true;
    session.post('Profiler.stop', (error, result) => {
      if (error || !result) return;
      const file = path.join(dir, `CPU.${Date.now()}.${process.pid}.0.0.cpuprofile`);
      writeFileSync(file, JSON.stringify(result.profile));
    });
  });
}
