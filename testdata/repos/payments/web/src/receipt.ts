export interface Receipt {
  id: string;
  label: string;
}
