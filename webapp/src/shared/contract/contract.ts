// The contract constants of contract/constants.json (the Go module's contract/ folder),
// shared with Go, which reads them as the generated constants of package contract.
import constants from '../../../../contract/constants.json';

export const contract = constants;

/** problemType is the `type` of a problem+json answer: the RFC 9110 link of its status. */
export const problemType = (status: number): string => `${contract.problem.typeBase}${status}`;
