// grep's (and glob's) matching, on a worker thread: the model's regular expression may backtrack for ever
// (`(.*)*X`), and V8 cannot interrupt a running match, so the server runs it here and terminates the
// worker at the time limit (search.mjs). Gets { pattern, files: [path, text][] }, posts the matches.
import { parentPort, workerData } from 'node:worker_threads';

const { pattern, files, limit } = workerData;
const regex = new RegExp(pattern);
const matches = [];
for (const [file, text] of files) {
  const lines = text.split('\n');
  for (let index = 0; index < lines.length && matches.length < limit; index++) {
    if (regex.test(lines[index])) matches.push({ file, line: index + 1, text: lines[index].trim() });
  }
  if (matches.length >= limit) break;
}
parentPort.postMessage(matches);
