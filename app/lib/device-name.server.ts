// The session list names devices as the exchange's notices do: one deviceName, in the contract.
export { deviceName } from "~/contract/core/device";
