import { runChartBench } from "./chart";
import { runEngineBench } from "./engine";
import { runMicroBench } from "./micro";
import { runLeverBench } from "./lever";
import { runRelayBench } from "./relay";
import { runSsrBench } from "./ssr";

/**
 * `npm run bench`: the performance figures of the issue in one run. Not a test: figures that
 * miss a goal are findings. Run it on an otherwise idle machine; on 2 shared cores the numbers
 * move by 2× from run to run.
 */
const started = Date.now();
console.log(`bench on ${process.platform} ${process.arch}, node ${process.version}, ${new Date().toISOString()}\n`);

console.log("== engine");
console.log((await runEngineBench()).join("\n"));

console.log("\n== lever (10,000 open positions of 1,000 users on one pair)");
console.log((await runLeverBench()).join("\n"));

console.log("\n== second contract (settlement at the due time, 10,000 orders due over one minute)");
console.log((await runMicroBench()).join("\n"));

console.log("\n== relay (SSE clients fed from the upstream socket)");
const relay = await runRelayBench({ clients: [1_000, 10_000], http: process.argv.includes("--http") ? [1_000, 10_000] : [] });
for (const r of relay) console.log(`    ${JSON.stringify(r)}`);
for (const r of relay.filter((x) => x.clients >= 10_000)) {
  console.log(`    ${r.mode} 10,000 clients: p99 ${r.p99ms} ms (goal ≤ 250), ${r.rssPerClientKB} KB/client (goal ≤ 16): ${r.p99ms <= 250 && r.rssPerClientKB <= 16 ? "meets the goal" : "misses the goal"}`);
}

console.log("\n== server rendering");
console.log((await runSsrBench({ path: "/trade" })).join("\n"));

console.log("\n== live chart");
console.log((await runChartBench()).join("\n"));

console.log(`\nbench done in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(0);
