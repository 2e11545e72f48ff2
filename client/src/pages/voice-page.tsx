export default function VoicePage() {
  return <main className="p-8">Voice</main>;
}
