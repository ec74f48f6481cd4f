/** Malformed requests from the contract, share 3 of 3 of its calls (see fuzz.test.ts). */
import { contractCalls } from './api';
import { describeFuzz, FUZZ_FILES, shareOfCalls } from './fuzz-run';

describeFuzz('malformed requests from the contract (3 of 3)', shareOfCalls(await contractCalls(), 3, FUZZ_FILES), { offContract: false });
