export interface BenchRow {
  name: string;
  value: string | number;
  unit: string;
  /** What the ratio compares against, measured in the same run (e.g. "rg 15 wall time"). */
  baseline?: string;
  ratio?: number;
  goal?: string;
  met?: boolean;
}
export interface BenchModule {
  default(report: (row: BenchRow) => void): Promise<void>;
}
