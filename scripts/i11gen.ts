import { writeFileSync } from "node:fs";
import { stringify } from "yaml";
import { chainRobot } from "../bench/support/chainRobot.js";
import { emitUrdf } from "../src/emit/urdf/emitUrdf.js";
const n = Number(process.argv[2]);
const r = chainRobot(n);
writeFileSync(`/tmp/i11chain${n}.urdf`, emitUrdf(r));
writeFileSync(`/tmp/i11chain${n}.yaml`, stringify(r, { aliasDuplicateObjects: false }));
writeFileSync(`/tmp/i11chain${n}.json`, JSON.stringify(r));
