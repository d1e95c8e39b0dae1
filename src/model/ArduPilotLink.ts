import type { PidGains } from "./Actuator.js";

/**
 * One ArduPilot output channel driving a joint. The plugin maps the servo PWM to
 * `raw = clamp((pwm − servoMin)/(servoMax − servoMin), 0, 1)` and commands
 * `multiplier · (raw + offset)` (rad/s for VELOCITY, rad or m for POSITION, N·m or N for EFFORT).
 */
export interface ArduPilotChannel {
  /** SERVOn output index, 0-based. */
  readonly channel: number;
  /** Joint driven by this channel. */
  readonly joint: string;
  /** What the command sets; default "VELOCITY". */
  readonly type?: "VELOCITY" | "POSITION" | "EFFORT";
  /** Scale of the normalised command (unitless · joint unit). Default 1. */
  readonly multiplier?: number;
  /** Added to the normalised command before scaling. Default 0. */
  readonly offset?: number;
  /** PWM at the low end (µs). Default 1000. */
  readonly servoMin?: number;
  /** PWM at the high end (µs). Default 2000. */
  readonly servoMax?: number;
  /** Gains of the plugin's joint loop (VELOCITY and POSITION types). */
  readonly pid?: PidGains;
}

/** ArduPilot SITL link over the flight-dynamics-model UDP protocol. */
export interface ArduPilotLink {
  /** Address SITL listens on. Default "127.0.0.1". */
  readonly fdmAddress?: string;
  /** UDP port of the plugin's FDM input. Default 9002. */
  readonly fdmPortIn?: number;
  /** Name of the robot's IMU sensor the plugin reads (an `imu` sensor of the model). */
  readonly imuSensor: string;
  readonly channels: readonly ArduPilotChannel[];
}
