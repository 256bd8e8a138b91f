/// A CSV file as rows of fields (RFC 4180: quoted fields hold commas, line breaks and doubled
/// quotes; a byte order mark at the start is dropped).
///
/// Exists for Notion's databases, which its export writes as CSV beside their pages.
enum CSVTable {
    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var index = 0
        func endField() { row.append(field); field = "" }
        func endRow() {
            endField()
            if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
            row = []
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if quoted {
                if scalar == "\"" {
                    if index + 1 < scalars.count, scalars[index + 1] == "\"" { field.unicodeScalars.append("\""); index += 1 } else { quoted = false }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"", field.isEmpty {
                quoted = true
            } else if scalar == "," {
                endField()
            } else if scalar == "\n" {
                endRow()
            } else if scalar == "\r" {
                if index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
                endRow()
            } else {
                field.unicodeScalars.append(scalar)
            }
            index += 1
        }
        if !field.isEmpty || !row.isEmpty { endRow() }
        return rows
    }
}
