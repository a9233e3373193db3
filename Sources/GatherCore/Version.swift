/// The product as a whole: what both binaries say with `--version`.
public enum FootballGather {
    public static let version = "0.1.0"
}
